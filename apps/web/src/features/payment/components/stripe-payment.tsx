/**
 * Card payments through Stripe (DESIGN.md section 5), when the clinic has Stripe keys. This
 * module is its own chunk, loaded only by the payment page in Stripe mode: Stripe.js (which
 * reports to Stripe as soon as it loads) and Elements never reach any other page.
 *
 * The server creates the PaymentIntent for the booking's own amount; the card is entered in
 * Stripe's PaymentElement and confirmed with Stripe.js; then the server asks Stripe whether the
 * intent succeeded and marks the booking paid.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useHref, useLocation } from 'react-router';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useConfirmStripePayment } from '../api/confirm-stripe-payment.ts';
import { usePaymentIntent } from '../api/create-payment-intent.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { paymentText, usePaymentT, usePaymentText } from '../../../i18n/payment.ts';
import { useStripePaymentProps, type StripePaymentProps } from './stripe-payment-context.ts';

/** Stripe.js for one publishable key, loaded once per page load (a failed load can be retried). */
function useStripeJs(publishableKey: string) {
  return useQuery({
    queryKey: ['stripe-js', publishableKey],
    queryFn: () => loadStripe(publishableKey),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export default function StripePayment() {
  const { bookingId, publishableKey, onPaid } = useStripePaymentProps();
  const stripe = useStripeJs(publishableKey);
  const intent = usePaymentIntent(bookingId);
  const t = usePaymentT();
  const text = usePaymentText();
  // Stripe's own field labels and card errors in the reader's language too; in English, as
  // before, Stripe's own choice (`auto`, the browser's language).
  const locale = useLocale();

  if (stripe.isPending || intent.isPending) return <Spinner label={t('Loading the card form…')} />;
  if (stripe.isError || !stripe.data || intent.isError) {
    return (
      <LoadFailed
        message={
          intent.isError
            ? text(errorMessage(intent.error))
            : t('The card form could not be loaded from Stripe. Please try again.')
        }
        retryLabel={t('Retry')}
        messageClassName="text-error"
        onRetry={() => void (intent.isError ? intent.refetch() : stripe.refetch())}
      />
    );
  }
  return (
    <Elements
      stripe={stripe.data}
      options={{
        clientSecret: intent.data.clientSecret,
        locale: locale === 'en' ? 'auto' : locale,
      }}
    >
      <StripeCardForm bookingId={bookingId} onPaid={onPaid} />
    </Elements>
  );
}

function StripeCardForm({ bookingId, onPaid }: Omit<StripePaymentProps, 'publishableKey'>) {
  const t = usePaymentT();
  const text = usePaymentText();
  const stripe = useStripe();
  const elements = useElements();
  const confirmation = useConfirmStripePayment(bookingId);
  const [failure, setFailure] = useState<string | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  // Only for payment methods that must leave the page (a card is confirmed in place): back here.
  const returnUrl = new URL(useHref(useLocation()), window.location.origin).href;

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The card element is not there yet (Stripe.js still starting): nothing to confirm.
    if (!stripe || !elements) return;
    setFailure(null);
    setIsPaying(true);
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: returnUrl },
      });
      if (error) {
        setFailure(error.message ?? paymentText('Your payment did not go through.'));
        return;
      }
      const { transactionId } = await confirmation.mutateAsync();
      toast.success(paymentText('Payment successful'));
      onPaid(transactionId);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setIsPaying(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void pay(event)} className="flex flex-col gap-4">
      <PaymentElement />
      <Button type="submit" className="mt-2" isLoading={isPaying} disabled={!stripe || !elements}>
        {t('Pay')}
      </Button>
      {failure && (
        <p role="alert" className="font-medium text-error">
          {text(failure)}
        </p>
      )}
    </form>
  );
}

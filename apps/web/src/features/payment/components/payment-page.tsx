import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paymentModeOf, type Booking } from '@clinic/shared';
import { LazyChunk } from '../../../components/lazy-chunk.tsx';
import { TestPaymentBadge } from '../../../components/test-payment-badge.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { paidAtClinicText } from '../../../lib/desk-payment.ts';
import { retryableLazy } from '../../../lib/retryable-lazy.ts';
import { useBooking } from '../api/get-booking.ts';
import { usePaymentConfig } from '../api/get-payment-config.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { useLocalFormat } from '../../../i18n/format.ts';
import { usePaymentT, usePaymentText } from '../../../i18n/payment.ts';
import { paymentAmount } from './payment-texts.ts';
import { StripePaymentContext, type StripePaymentProps } from './stripe-payment-context.ts';
import { TestCardForm } from './test-card-form.tsx';

/** Stripe.js and Elements: a chunk of their own, fetched only when the clinic uses Stripe. */
const stripePaymentChunk = retryableLazy(() => import('./stripe-payment.tsx'));

function BackToAppointments() {
  const t = usePaymentT();
  return (
    <Link to="/dashboard" className="link link-primary">
      {t('Back to My Appointments')}
    </Link>
  );
}

type PaidProps = {
  booking: Booking;
  transactionId: string | null;
  isJustPaid: boolean;
  isStaffView: boolean;
};

/**
 * A paid booking: no form, the transaction id, the way back; where it was paid at the clinic's
 * desk, that it was; for staff, whether it was a test payment.
 */
function Paid({ booking, transactionId, isJustPaid, isStaffView }: PaidProps) {
  const t = usePaymentT();
  const text = usePaymentText();
  const locale = useLocale();
  const mode = isJustPaid ? paymentModeOf({ paid: true, transactionId }) : booking.paymentMode;
  return (
    <div role="status" className="alert alert-success alert-soft flex flex-col items-start gap-2">
      <p className="font-semibold">
        {isJustPaid ? t('Payment successful') : t('This booking is already paid.')}
      </p>
      <p>
        {t('{{amount}} paid for {{treatment}}.', {
          amount: paymentAmount(locale, booking.price),
          treatment: booking.treatment,
        })}
      </p>
      {mode === 'desk' && <p>{text(paidAtClinicText(transactionId))}</p>}
      {transactionId && (
        <p className="break-all">{t('Transaction id: {{id}}', { id: transactionId })}</p>
      )}
      {isStaffView && mode === 'test' && <TestPaymentBadge />}
      <BackToAppointments />
    </div>
  );
}

type PaymentMethodProps = { bookingId: string; onPaid: (transactionId: string) => void };

/** The card form this clinic uses: the built-in test mode, or Stripe Elements. */
function PaymentMethod({ bookingId, onPaid }: PaymentMethodProps) {
  const t = usePaymentT();
  const text = usePaymentText();
  const config = usePaymentConfig();
  const publishableKey = config.data?.mode === 'stripe' ? config.data.publishableKey : null;
  const stripeProps = useMemo<StripePaymentProps | null>(
    () => (publishableKey ? { bookingId, publishableKey, onPaid } : null),
    [bookingId, publishableKey, onPaid],
  );

  if (config.isPending) return <Spinner label={t('Loading the card form…')} />;
  if (config.isError) {
    return (
      <LoadFailed
        message={text(errorMessage(config.error))}
        retryLabel={t('Retry')}
        messageClassName="text-error"
        onRetry={() => void config.refetch()}
      />
    );
  }
  if (!stripeProps) return <TestCardForm bookingId={bookingId} onPaid={onPaid} />;
  return (
    <StripePaymentContext value={stripeProps}>
      <LazyChunk
        chunk={stripePaymentChunk}
        fallback={<Spinner label={t('Loading the card form…')} />}
      />
    </StripePaymentContext>
  );
}

/**
 * The payment page (spec section 2): a greeting with the patient's name, the treatment, the date
 * and slot, the amount in dollars, and a card form that really takes the payment (DESIGN.md
 * sections 5 and 6). A paid booking shows its transaction id instead of a form.
 */
export function PaymentPage({
  bookingId,
  isStaffView = false,
}: {
  bookingId: string;
  /** Staff see whether a paid booking was paid in test mode (no money taken). */
  isStaffView?: boolean;
}) {
  const t = usePaymentT();
  const text = usePaymentText();
  const format = useLocalFormat();
  const locale = useLocale();
  const booking = useBooking(bookingId);
  // Set by this visit's successful payment, so the page can say it went through (not "already").
  const [paidNow, setPaidNow] = useState<string | null>(null);
  const titleId = useId();

  if (booking.isPending) return <Spinner label={t('Loading your booking…')} />;
  if (booking.isError) {
    if (isApiError(booking.error) && booking.error.status === 404) {
      return (
        <div role="alert" className="flex flex-col items-start gap-4">
          <h2 className="text-xl font-semibold">{t('Booking not found')}</h2>
          <p>
            {t(
              'We could not find this booking. It may have been removed, or it belongs to another account.',
            )}
          </p>
          <BackToAppointments />
        </div>
      );
    }
    return (
      <LoadFailed
        message={text(errorMessage(booking.error))}
        retryLabel={t('Retry')}
        messageClassName="text-error"
        onRetry={() => void booking.refetch()}
      />
    );
  }

  const details = booking.data;
  const isPaid = paidNow !== null || details.paid;
  return (
    <section aria-labelledby={titleId} className="flex max-w-xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id={titleId} className="text-2xl font-semibold text-primary">
          {t('Hello, {{name}}', { name: details.patientName })}
        </h2>
        {!isPaid && (
          <p className="text-lg font-semibold">
            {t('Please pay for {{treatment}}', { treatment: details.treatment })}
          </p>
        )}
        <p>
          {t('Your appointment: {{date}} at {{slot}}', {
            date: format.date(details.date),
            slot: format.slot(details.slot),
          })}
        </p>
        {!isPaid && (
          <p className="text-lg font-semibold">
            {t('Please pay: {{amount}}', { amount: paymentAmount(locale, details.price) })}
          </p>
        )}
      </div>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          {isPaid ? (
            <Paid
              booking={details}
              transactionId={paidNow ?? details.transactionId}
              isJustPaid={paidNow !== null}
              isStaffView={isStaffView}
            />
          ) : (
            <PaymentMethod bookingId={bookingId} onPaid={setPaidNow} />
          )}
        </div>
      </div>
    </section>
  );
}

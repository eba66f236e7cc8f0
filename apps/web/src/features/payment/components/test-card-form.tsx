import { useId, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { testCardPaymentSchema } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { usePayWithTestCard } from '../api/pay-with-test-card.ts';
import { formatCardNumber, formatExpiry, reformatInput } from '../utils/card-input.ts';
import { paymentText, usePaymentT, usePaymentText } from '../../../i18n/payment.ts';

type TestCardFormProps = {
  bookingId: string;
  onPaid: (transactionId: string) => void;
};

/**
 * The built-in test-mode processor's card form (DESIGN.md section 5), used when the clinic has no
 * Stripe keys. It is checked with the server's own schema before anything is sent (a number that
 * fails the Luhn check never leaves the page); a declined card and other refusals show in red
 * under the form, bad fields next to their fields.
 */
export function TestCardForm({ bookingId, onPaid }: TestCardFormProps) {
  const t = usePaymentT();
  const text = usePaymentText();
  const pay = usePayWithTestCard(bookingId);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(testCardPaymentSchema, {
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });

  const onSubmit = handleSubmit((card) => {
    setFailure(null);
    pay.mutate(card, {
      onSuccess: ({ transactionId }) => {
        toast.success(paymentText('Payment successful'));
        onPaid(transactionId);
      },
      onError: (error) => {
        const isBadField =
          isApiError(error) &&
          error.status === 400 &&
          setServerFieldErrors(setError, error, ['cardNumber', 'expiry', 'cvc']);
        if (!isBadField) setFailure(errorMessage(error));
      },
    });
  });

  const cardNumber = register('cardNumber');
  const expiry = register('expiry');
  const formatted =
    (
      field: { onChange: (event: ChangeEvent<HTMLInputElement>) => Promise<unknown> },
      format: (value: string) => string,
    ) =>
    (event: ChangeEvent<HTMLInputElement>) => {
      reformatInput(event.target, format);
      return field.onChange(event);
    };

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold">
          {t('Card details')}
        </h3>
        <p className="badge badge-warning h-auto py-1 font-semibold">
          {t('Test mode — no real charge')}
        </p>
      </div>
      <p className="text-sm text-base-content/80">
        {t(
          'This clinic takes no real payments yet. Use the test card 4242 4242 4242 4242 for a payment that succeeds, or 4000 0000 0000 0002 for one that is declined, with any future expiry date and any CVC.',
        )}
      </p>
      <TextField
        label={t('Card number')}
        inputMode="numeric"
        autoComplete="cc-number"
        autoCorrect="off"
        spellCheck={false}
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        required
        error={errors.cardNumber?.message && text(errors.cardNumber.message)}
        {...cardNumber}
        onChange={formatted(cardNumber, formatCardNumber)}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('Expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('MM/YY')}
          maxLength={7}
          required
          error={errors.expiry?.message && text(errors.expiry.message)}
          {...expiry}
          onChange={formatted(expiry, formatExpiry)}
        />
        <TextField
          label={t('CVC')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          required
          error={errors.cvc?.message && text(errors.cvc.message)}
          {...register('cvc')}
        />
      </div>
      <Button type="submit" className="mt-2" isLoading={pay.isPending}>
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

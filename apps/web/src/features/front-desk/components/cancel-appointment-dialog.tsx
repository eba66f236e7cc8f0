import { useId, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  adminCancelRequestSchema,
  type AdminBooking,
  type AdminCancelRequest,
} from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { priceLabel } from '../../../lib/price-label.ts';
import { useCancelAdminBooking, type AdminCancelResult } from '../api/cancel-admin-booking.ts';
import { refundableDollars } from '../utils/appointment-labels.ts';

const DOLLARS = /^\d+(\.\d{1,2})?$/;

/**
 * The form: the shared schema's reason, and the refund as the admin picks it. A partial refund
 * is typed in dollars and sent in cents; it must be more than nothing and at most what is left
 * of the payment.
 */
function cancelFormSchema(refundable: number) {
  return z
    .object({
      reason: adminCancelRequestSchema.shape.reason,
      refund: z.enum(['full', 'none', 'partial']),
      amount: z.string(),
      notify: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (values.refund !== 'partial') return;
      const amount = values.amount.trim();
      if (!DOLLARS.test(amount) || Number(amount) <= 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: 'Give an amount in dollars, such as 12.50',
        });
      } else if (Number(amount) > refundable) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `At most ${priceLabel(refundable)} can be refunded`,
        });
      }
    });
}
type CancelForm = z.infer<ReturnType<typeof cancelFormSchema>>;

function cancelledToast({ refund }: AdminCancelResult): string {
  if (!refund) return 'Appointment cancelled';
  if (refund.status === 'failed') {
    return 'Appointment cancelled. The refund could not be completed: please contact the patient.';
  }
  return `Appointment cancelled. ${priceLabel(refund.amount)} is being refunded.`;
}

type CancelAppointmentDialogProps = { booking: AdminBooking; onClose: () => void };

/**
 * The clinic cancels a booking: why (required), the refund of a paid booking (all of it by
 * default, nothing, or part) and whether the patient is mailed (by default they are).
 */
export function CancelAppointmentDialog({ booking, onClose }: CancelAppointmentDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const refundGroupId = useId();
  const cancel = useCancelAdminBooking();
  const refundable = refundableDollars(booking);
  const schema = useMemo(() => cancelFormSchema(refundable), [refundable]);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useZodForm(schema, {
    defaultValues: { reason: '', refund: 'full', amount: '', notify: true },
  });
  const refund = useWatch({ control, name: 'refund' });
  const patientName = booking.patientAccount.name || booking.patientName;

  const submit = (values: CancelForm) => {
    const request: AdminCancelRequest = { reason: values.reason, notify: values.notify };
    // Nothing left to give back: the server's default (a full refund of nothing) is all there is.
    if (refundable > 0) {
      request.refund =
        values.refund === 'partial'
          ? { amountCents: Math.round(Number(values.amount.trim()) * 100) }
          : values.refund;
    }
    cancel.mutate(
      { id: booking._id, request },
      {
        onSuccess: (result) => {
          toast.success(cancelledToast(result));
          modalRef.current?.close();
        },
        onError: (error) => {
          setServerFieldErrors(setError, error, ['reason'], { shouldFocus: false });
          toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <Modal ref={modalRef} title={`Cancel ${patientName}'s appointment?`} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="flex flex-col gap-4"
      >
        <p>
          {booking.treatment}, {mediumDateOf(booking.date)} at {booking.slot}
          {booking.doctor ? ` with ${booking.doctor.name}` : ''}.
        </p>
        <TextAreaField
          label="Reason"
          required
          maxLength={500}
          rows={2}
          error={errors.reason?.message}
          {...register('reason')}
        />
        {refundable > 0 && (
          <fieldset className="flex flex-col gap-2" aria-describedby={`${refundGroupId}-paid`}>
            <legend className="text-sm font-medium">Refund</legend>
            <p id={`${refundGroupId}-paid`} className="text-sm opacity-80">
              The patient paid {priceLabel(booking.price)}
              {/* A refund of money taken at the desk is handed back there, in person. */}
              {booking.paymentMode === 'desk' ? ' at the desk' : ''}
              {booking.payment.refunded > 0
                ? `, of which ${priceLabel(booking.payment.refunded)} was refunded already`
                : ''}
              .
            </p>
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                value="full"
                className="size-4 accent-primary"
                {...register('refund')}
              />
              Full refund ({priceLabel(refundable)})
            </label>
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                value="none"
                className="size-4 accent-primary"
                {...register('refund')}
              />
              No refund
            </label>
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                value="partial"
                className="size-4 accent-primary"
                {...register('refund')}
              />
              Partial refund
            </label>
            {refund === 'partial' && (
              <TextField
                label="Amount to refund (dollars)"
                type="number"
                inputMode="decimal"
                min={0.01}
                max={refundable}
                step={0.01}
                error={errors.amount?.message}
                {...register('amount')}
              />
            )}
          </fieldset>
        )}
        <label className="flex cursor-pointer items-center gap-2">
          <input type="checkbox" className="checkbox checkbox-sm" {...register('notify')} />
          Notify patient
        </label>
        <div className="modal-action flex-wrap">
          <Button variant="outline" onClick={() => modalRef.current?.close()}>
            Keep it
          </Button>
          <Button type="submit" className="btn-error" isLoading={cancel.isPending}>
            Cancel appointment
          </Button>
        </div>
      </form>
    </Modal>
  );
}

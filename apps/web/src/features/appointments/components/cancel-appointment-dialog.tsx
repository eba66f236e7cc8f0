import { useRef } from 'react';
import { toast } from 'sonner';
import { cancelRequestSchema, type Booking } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { Modal, ModalFooter, type ModalHandle } from '../../../components/ui/modal.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { useClinicTimeZone } from '../../../lib/clinic-query.ts';
import { useLocalFormat } from '../../../i18n/format.ts';
import { useVisitsT, visitInstant, visitsDetail, visitsText } from '../../../i18n/visits.ts';
import { useCancelAppointment } from '../api/cancel-appointment.ts';
import { closedWindowMessage, dollars } from '../utils/appointment-texts.ts';

export const CANCELLED_TOAST = 'Your appointment was cancelled.';

type CancelAppointmentDialogProps = {
  booking: Booking;
  onClose: () => void;
};

/**
 * Asks before cancelling: which appointment, until when it can be cancelled online, and what
 * comes back of a payment (all of it: the clinic refunds a patient's cancellation in full). A
 * refusal (the deadline passed meanwhile, or the clinic changed it) stays in the dialog.
 */
export function CancelAppointmentDialog({ booking, onClose }: CancelAppointmentDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const cancel = useCancelAppointment(booking._id);
  const timeZone = useClinicTimeZone();
  const t = useVisitsT();
  const format = useLocalFormat();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(cancelRequestSchema, { defaultValues: { reason: '' } });

  const confirm = ({ reason }: { reason?: string | undefined }) =>
    cancel.mutate(reason ? { reason } : {}, {
      onSuccess: () => {
        toast.success(visitsText(CANCELLED_TOAST));
        modalRef.current?.close();
      },
    });
  const refusal = cancel.isError
    ? (closedWindowMessage(cancel.error, booking) ?? visitsDetail(errorMessage(cancel.error)))
    : null;
  const isPaid = booking.paid && booking.price > 0;
  const what = {
    treatment: booking.treatment,
    date: format.date(booking.date),
    slot: format.slot(booking.slot),
  };
  const price = dollars(booking.price);

  return (
    <Modal ref={modalRef} title={t('Cancel this appointment?')} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(confirm)(event)}
        className="flex flex-col gap-3"
      >
        <p>
          {booking.doctor
            ? t('{{treatment}} on {{date}} at {{slot}} with {{doctor}}.', {
                ...what,
                doctor: doctorTitle(booking.doctor.name),
              })
            : t('{{treatment}} on {{date}} at {{slot}}.', what)}
        </p>
        {booking.cancelDeadline && (
          <p>
            {t('You can cancel online until {{time}}.', {
              time: visitInstant(booking.cancelDeadline, timeZone),
            })}
          </p>
        )}
        <p>
          {isPaid
            ? booking.paymentMode === 'desk'
              ? // Money taken at the desk is handed back there, not sent to a card.
                t(
                  "You paid {{price}} at the clinic: you will get a full refund of {{price}} at the clinic's desk.",
                  { price },
                )
              : t('You paid {{price}}: you will get a full refund of {{price}} to your card.', {
                  price,
                })
            : t('Nothing has been paid for it, so there is nothing to refund.')}
        </p>
        <TextAreaField
          label={t('Reason (optional)')}
          rows={2}
          maxLength={500}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <ModalFooter refusal={refusal} dismissLabel={t('Keep appointment')} onDismiss={() => modalRef.current?.close()}>
          <Button
            type="submit"
            variant="outline"
            className="btn-error"
            isLoading={cancel.isPending}
          >
            {t('Yes, cancel it')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

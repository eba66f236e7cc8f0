import { useRef } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  bookingRequestSchema,
  formatMediumDate,
  texts,
  toasts,
  type IsoDate,
  type TreatmentAvailability,
} from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { bookingInTheWay, useCreateBooking } from '../api/create-booking.ts';
import { needsEmailVerification, resendVerificationEmail } from '../api/resend-verification-email.ts';

/** The two things the patient chooses; the rest of the request comes from the page. */
const bookingFormSchema = bookingRequestSchema.pick({ slot: true, phone: true });
type BookingFormValues = z.output<typeof bookingFormSchema>;

/** `phone`: the profile's, pre-filling the Phone field. */
export type Patient = { name: string; email: string; phone?: string | undefined };

type BookingDialogProps = {
  treatment: TreatmentAvailability;
  date: IsoDate;
  patient: Patient;
  onClose: () => void;
};

/**
 * The booking dialog (spec section 2): date, name and email read-only and prefilled, a slot from
 * the treatment's free slots, a phone number. On submit it books, says how it went in a toast,
 * and closes whatever the result (spec section 4); the lists refresh behind it.
 */
export function BookingDialog({ treatment, date, patient, onClose }: BookingDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const createBooking = useCreateBooking();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(bookingFormSchema, {
    defaultValues: { slot: treatment.slots[0] ?? '', phone: patient.phone ?? '' },
  });

  const book = ({ slot, phone }: BookingFormValues) =>
    createBooking.mutate(
      {
        treatmentId: treatment._id,
        treatment: treatment.name,
        date,
        slot,
        price: treatment.price,
        patient: patient.email,
        patientName: patient.name,
        phone,
      },
      {
        onSuccess: ({ booking }) => {
          toast.success(toasts.bookingSet(mediumDateOf(booking.date), booking.slot));
        },
        onError: (error) => {
          const existing = bookingInTheWay(error);
          if (existing) {
            toast.error(toasts.bookingConflict(mediumDateOf(existing.date), existing.slot));
          } else if (needsEmailVerification(error)) {
            // The dialog closes whatever the answer (spec section 4): the way on stays in the toast.
            toast.error(errorMessage(error), {
              duration: 20_000,
              action: {
                label: 'Resend the mail',
                onClick: () =>
                  void resendVerificationEmail().then(
                    ({ email }) => toast.success(`We have sent the link again to ${email}.`),
                    (failure: unknown) => toast.error(errorMessage(failure)),
                  ),
              },
            });
          } else {
            toast.error(errorMessage(error));
          }
        },
        onSettled: () => modalRef.current?.close(),
      },
    );

  return (
    <Modal ref={modalRef} title={texts.bookingFor(treatment.name)} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(book)(event)}
        className="flex flex-col gap-3"
      >
        <TextField label="Date" value={formatMediumDate(date)} readOnly />
        <TextField label="Name" value={patient.name} readOnly autoComplete="off" />
        <TextField label="Email" type="email" value={patient.email} readOnly autoComplete="off" />
        <SelectField label="Slot" error={errors.slot?.message} {...register('slot')}>
          {treatment.slots.map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <Button type="submit" className="mt-2" isLoading={createBooking.isPending}>
          Submit
        </Button>
      </form>
    </Modal>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  bookingRequestSchema,
  type Booking,
  type IsoDate,
  type TreatmentAvailability,
} from '@clinic/shared';
import { DoctorField } from '../../../components/doctor-field.tsx';
import { ResendVerificationButton } from '../../../components/resend-verification-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { appText, useAppT } from '../../../i18n/app.ts';
import { localDate, localSlot, useLocalFormat } from '../../../i18n/format.ts';
import { currentLocale } from '../../../i18n/locale.ts';
import { needsEmailVerification } from '../../../lib/verification-email.ts';
import { bookingInTheWay, useCreateBooking } from '../api/create-booking.ts';
import { rememberPhone, shouldRememberPhone, type Account } from '../api/remember-phone.ts';
import { useDoctorChoice } from '../hooks/use-doctor-choice.ts';

/** The two things the patient chooses; the rest of the request comes from the page. */
const bookingFormSchema = bookingRequestSchema.pick({ slot: true, phone: true });
type BookingFormValues = z.output<typeof bookingFormSchema>;

/** `phone`: the profile's ('' or absent when none), pre-filling the Phone field. */
export type Patient = { name: string; email: string; phone?: string | undefined };

/** A family member the account books for (practice-loop.md section 7). */
export type BookingDependent = { _id: string; name: string };

/** Whether the patient can pay for a booking just made: it has a price and nothing is paid yet. */
function isPayable(booking: Booking): boolean {
  return booking.price > 0 && !booking.paid && booking.status === 'confirmed';
}

type BookingDialogProps = {
  treatment: TreatmentAvailability;
  date: IsoDate;
  patient: Patient;
  onClose: () => void;
  /** The account once the phone typed here is kept on it (the route owns the account's cache). */
  onPhoneRemembered?: ((account: Account) => void) | undefined;
  /** The account's family members; with any, the dialog asks who the booking is for. */
  dependents?: readonly BookingDependent[] | undefined;
};

/**
 * The booking dialog (spec section 2): date, name and email read-only and prefilled, a slot from
 * the treatment's free slots, a phone number. On submit it books, says how it went in a toast,
 * and closes whatever the result (spec section 4), but one: when the clinic wants the patient's
 * address confirmed first, it stays open with their choices, says so and offers the mail again,
 * so that once confirmed Submit books without retyping. The lists refresh behind it. The success
 * toast of a booking that can be paid offers 'Pay now', to the booking's payment page.
 *
 * The Phone field starts with the profile's phone. When the profile has none, the phone typed
 * for a booking that succeeds is kept on the account for the next one, quietly: the booking's
 * toast is all the patient sees, whether that works or not.
 *
 * For a treatment that needs a doctor it also offers a 'Doctor' select: any available doctor
 * (no `doctorId` sent; the slots are every doctor's) or one of them (that doctor's slots). For
 * any other treatment, and until the dialog knows which kind it is, it is the spec's dialog.
 *
 * An account with family members (practice-loop.md section 7) is asked "Who is this for?": the
 * account holder or one of them (sent as `forPatientId`); the Name field shows whoever is chosen.
 * Without family members there is no such question.
 */
export function BookingDialog({
  treatment,
  date,
  patient,
  onClose,
  onPhoneRemembered,
  dependents = [],
}: BookingDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const navigate = useNavigate();
  /** The server's request to confirm the address first, while the dialog waits for that. */
  const [unverified, setUnverified] = useState<string | null>(null);
  const createBooking = useCreateBooking();
  const t = useAppT();
  const format = useLocalFormat();
  const { doctors, doctorId, setDoctorId, slots } = useDoctorChoice(treatment, date);
  /** A family member's id, or '' for the account holder. */
  const [forPatientId, setForPatientId] = useState('');
  const forDependent = dependents.find((dependent) => dependent._id === forPatientId);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useZodForm(bookingFormSchema, {
    defaultValues: { slot: treatment.slots[0] ?? '', phone: patient.phone ?? '' },
  });

  // Another doctor, or the doctors' slots arriving: a chosen slot no longer offered gives way to
  // the first one that is (the select would show that one, and the form must send what it shows).
  useEffect(() => {
    if (!slots.includes(getValues('slot'))) setValue('slot', slots[0] ?? '');
  }, [slots, getValues, setValue]);
  const chosenDoctor = doctors?.find((doctor) => doctor._id === doctorId);

  const book = ({ slot, phone }: BookingFormValues) => {
    setUnverified(null);
    createBooking.mutate(
      {
        treatmentId: treatment._id,
        treatment: treatment.name,
        date,
        slot,
        price: treatment.price,
        patient: patient.email,
        patientName: forDependent?.name ?? patient.name,
        phone,
        ...(chosenDoctor && { doctorId: chosenDoctor._id }),
        ...(forDependent && { forPatientId: forDependent._id }),
      },
      {
        onSuccess: ({ booking }) => {
          if (shouldRememberPhone(patient.phone, phone))
            void rememberPhone(phone, onPhoneRemembered);
          // The spec's toast, with the way on to paying beside it (the dialog itself closes).
          toast.success(appText('Appointment is set, {{date}} at {{slot}}', { date: localDate(currentLocale(), booking.date), slot: localSlot(currentLocale(), booking.slot) }), {
            ...(isPayable(booking) && {
              action: {
                label: appText('Pay now'),
                onClick: () =>
                  void navigate(`/dashboard/payment/${encodeURIComponent(booking._id)}`),
              },
            }),
          });
        },
        onError: (error) => {
          if (needsEmailVerification(error)) {
            // Kept open with the patient's choices: once the address is confirmed, Submit books.
            setUnverified(errorMessage(error));
            return;
          }
          const existing = bookingInTheWay(error);
          if (existing) {
            toast.error(appText('Already have and appointment on {{date}} at {{slot}}', { date: localDate(currentLocale(), existing.date), slot: localSlot(currentLocale(), existing.slot) }));
          } else {
            toast.error(appText(errorMessage(error)));
          }
        },
        onSettled: (_data, error) => {
          if (!needsEmailVerification(error)) modalRef.current?.close();
        },
      },
    );
  };

  return (
    <Modal ref={modalRef} title={t('Booking for {{treatment}}', { treatment: treatment.name })} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(book)(event)}
        className="flex flex-col gap-3"
      >
        <TextField label="Date" value={format.date(date)} readOnly />
        {dependents.length > 0 && (
          <SelectField
            label="Who is this for?"
            value={forPatientId}
            onChange={(event) => setForPatientId(event.target.value)}
          >
            <option value="">{patient.name}</option>
            {dependents.map((dependent) => (
              <option key={dependent._id} value={dependent._id}>
                {dependent.name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Name"
          value={forDependent?.name ?? patient.name}
          readOnly
          autoComplete="off"
        />
        <TextField label="Email" type="email" value={patient.email} readOnly autoComplete="off" />
        {doctors && <DoctorField doctors={doctors} value={doctorId} onChange={setDoctorId} />}
        <SelectField label="Slot" error={errors.slot?.message} {...register('slot')}>
          {slots.map((slot) => (
            <option key={slot} value={slot}>
              {format.slot(slot)}
            </option>
          ))}
        </SelectField>
        {doctors && slots.length === 0 && (
          <p className="text-sm text-error">
            {chosenDoctor
              ? t('{{doctor}} has no free slot on this day: choose another doctor.', { doctor: chosenDoctor.name })
              : t('No doctor has a free slot left on this day.')}
          </p>
        )}
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        {unverified && (
          <div role="alert" className="alert alert-warning alert-soft flex flex-col items-start">
            <p>{appText(unverified)}</p>
            <p className="text-sm">{t('Your choices stay here: confirm the address, then press Submit.')}</p>
            <ResendVerificationButton />
          </div>
        )}
        <Button type="submit" className="mt-2" isLoading={createBooking.isPending}>
          {t('Submit')}
        </Button>
      </form>
    </Modal>
  );
}

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  adminBookingRequestSchema,
  bookingConflictSchema,
  ErrorCode,
  messages,
  parseDateInput,
  type AdminBookingRequest,
  type AdminTreatment,
  type IsoDate,
} from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField, SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { setServerFieldErrors, type ServerFields } from '../../../lib/server-field-errors.ts';
import { useAvailability } from '../../../lib/availability-query.ts';
import { useAdminTreatments } from '../../../lib/admin-treatments-query.ts';
import { useCreateAdminBooking } from '../api/create-admin-booking.ts';
import { ANY_DOCTOR, laneDoctors, timeChoices } from '../utils/booking-times.ts';
import { SLOT_TAKEN_TEXT } from './reschedule-appointment-dialog.tsx';

export const NEW_PATIENT_HINT = 'Needed for a new patient; they get a mail to set a password.';

const request = adminBookingRequestSchema.shape;

/**
 * The shared request as the form holds it. A select with nothing chosen yet says '' and gets a
 * message saying what to choose (the route's rule would only say it is not an id); the doctor's
 * '' is 'Any available doctor', sent as no `doctorId` at all.
 */
const bookForPatientFormSchema = z.object({
  patient: request.patient.extend({
    email: z
      .string()
      .trim()
      .min(1, { message: messages.emailRequired, abort: true })
      .pipe(request.patient.shape.email),
  }),
  treatmentId: z
    .string()
    .min(1, { message: 'Choose a treatment', abort: true })
    .pipe(request.treatmentId),
  date: request.date,
  doctorId: z.union([z.literal(ANY_DOCTOR), request.doctorId.unwrap()]),
  slot: z.string().trim().min(1, 'Choose a time'),
});
type BookForPatientForm = z.output<typeof bookForPatientFormSchema>;

/** The server's field names are the form's own. */
const SERVER_FIELDS: ServerFields<z.input<typeof bookForPatientFormSchema>> = [
  'patient.email',
  'patient.name',
  'patient.phone',
  'treatmentId',
  'date',
  'doctorId',
  'slot',
];

function byName(a: AdminTreatment, b: AdminTreatment): number {
  return a.name.localeCompare(b.name);
}

/**
 * What a 409 says, or null for another error: the time was taken first, or (a conflict body
 * naming another time) the patient already has this treatment that day. A 409 without the body
 * (a proxy, or the spec's bare answer, which carries no problem fields) is the time taken.
 */
function conflictMessage(error: unknown, values: BookForPatientForm): string | null {
  if (!isApiError(error) || error.status !== 409) return null;
  // Too many upcoming bookings: the server's own words say so.
  if (error.code === ErrorCode.BOOKING_LIMIT) return null;
  const conflict = bookingConflictSchema.safeParse(error.body);
  if (!conflict.success || conflict.data.booking.slot === values.slot) return SLOT_TAKEN_TEXT;
  const { slot, treatment } = conflict.data.booking;
  return `This patient already has ${treatment} on ${mediumDateOf(values.date)} at ${slot}.`;
}

type BookForPatientDialogProps = {
  /** The day the list shows: the date offered first (today, for a day gone by). */
  day: IsoDate;
  today: IsoDate;
  onClose: () => void;
};

/**
 * The front desk books for a patient who phoned: the patient by email (an account found, or a
 * new one made from the name and phone, who is mailed a link to set a password), an active
 * treatment, a day, for a treatment that needs one a doctor (or any available), and a free time.
 */
export function BookForPatientDialog({ day, today, onClose }: BookForPatientDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const hintId = useId();
  const [message, setMessage] = useState<string | null>(null);
  const treatments = useAdminTreatments();
  const create = useCreateAdminBooking();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    setError,
    formState: { errors },
  } = useZodForm(bookForPatientFormSchema, {
    defaultValues: {
      patient: { email: '', name: '', phone: '' },
      treatmentId: '',
      date: day < today ? today : day,
      doctorId: ANY_DOCTOR,
      slot: '',
    },
  });
  const [treatmentId, dateInput, doctorId] = useWatch({
    control,
    name: ['treatmentId', 'date', 'doctorId'],
  });

  const active = useMemo(
    () => (treatments.data ?? []).filter((treatment) => treatment.active).sort(byName),
    [treatments.data],
  );
  const treatment = active.find((candidate) => candidate._id === treatmentId);
  const date = parseDateInput(dateInput);
  const availability = useAvailability(date ?? '', treatmentId, Boolean(treatment && date));
  const doctors = useMemo(
    () => (availability.data ? laneDoctors(availability.data.lanes) : []),
    [availability.data],
  );
  const times = useMemo(
    () => (availability.data ? timeChoices(availability.data.lanes, doctorId) : []),
    [availability.data, doctorId],
  );

  // A doctor with no free time on the day now asked about (or not doing the treatment): any doctor.
  useEffect(() => {
    if (!availability.data || doctorId === ANY_DOCTOR) return;
    if (!doctors.some((doctor) => doctor._id === doctorId && doctor.hasFreeTimes)) {
      setValue('doctorId', ANY_DOCTOR);
    }
  }, [availability.data, doctors, doctorId, setValue]);

  // A time no longer offered (another day, treatment or doctor, or taken meanwhile) is chosen
  // again: the select would show its placeholder, and the form must send what it shows.
  useEffect(() => {
    if (!times.includes(getValues('slot'))) setValue('slot', '');
  }, [times, getValues, setValue]);

  const clearMessage = () => setMessage(null);

  const book = (values: BookForPatientForm) => {
    setMessage(null);
    const { email, name, phone } = values.patient;
    const body: AdminBookingRequest = {
      treatmentId: values.treatmentId,
      date: values.date,
      slot: values.slot,
      ...(treatment?.requiresDoctor && values.doctorId !== ANY_DOCTOR
        ? { doctorId: values.doctorId }
        : {}),
      patient: { email, ...(name ? { name } : {}), ...(phone ? { phone } : {}) },
    };
    create.mutate(body, {
      onSuccess: ({ booking, patientCreated }) => {
        const who = booking.patientName || name || email;
        toast.success(
          patientCreated
            ? `Booked for ${who}. They will get a mail to set their password.`
            : `Booked for ${who}.`,
        );
        modalRef.current?.close();
      },
      onError: (error) => {
        // The free times ask again either way (the mutation's own doing).
        const conflict = conflictMessage(error, values);
        if (conflict) {
          if (conflict === SLOT_TAKEN_TEXT) setValue('slot', '');
          setMessage(conflict);
          return;
        }
        setServerFieldErrors(setError, error, SERVER_FIELDS);
        setMessage(errorMessage(error));
      },
    });
  };

  let timePlaceholder = 'Choose a time';
  if (!treatment) timePlaceholder = 'Choose a treatment first';
  else if (!date) timePlaceholder = 'Choose a day first';
  else if (availability.isPending) timePlaceholder = 'Loading the free times…';
  else if (times.length === 0) timePlaceholder = 'No free time on this day';

  return (
    <Modal ref={modalRef} title="Book for a patient" onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(book)(event)}
        className="flex flex-col gap-4"
      >
        <EmailField
          label="Patient email"
          required
          autoComplete="off"
          error={errors.patient?.email?.message}
          {...register('patient.email', { onChange: clearMessage })}
        />
        <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
          <legend className="text-sm font-medium">Name and phone</legend>
          <p id={hintId} className="text-sm opacity-80">
            {NEW_PATIENT_HINT}
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Name"
              autoComplete="off"
              maxLength={100}
              error={errors.patient?.name?.message}
              {...register('patient.name', { onChange: clearMessage })}
            />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="off"
              maxLength={40}
              error={errors.patient?.phone?.message}
              {...register('patient.phone', { onChange: clearMessage })}
            />
          </div>
        </fieldset>
        {treatments.isError ? (
          <LoadFailed
            error={treatments.error}
            onRetry={() => void treatments.refetch()}
            layout="section"
          />
        ) : (
          <SelectField
            label="Treatment"
            required
            aria-busy={treatments.isPending || undefined}
            error={errors.treatmentId?.message}
            {...register('treatmentId', { onChange: clearMessage })}
          >
            <option value="">
              {treatments.isPending ? 'Loading the treatments…' : 'Choose a treatment'}
            </option>
            {active.map((candidate) => (
              <option key={candidate._id} value={candidate._id}>
                {candidate.name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Date"
          type="date"
          required
          min={today}
          error={errors.date?.message}
          {...register('date', { onChange: clearMessage })}
        />
        {treatment?.requiresDoctor && (
          <SelectField
            label="Doctor"
            error={errors.doctorId?.message}
            {...register('doctorId', { onChange: clearMessage })}
          >
            <option value={ANY_DOCTOR}>Any available doctor</option>
            {doctors.map((doctor) => (
              <option key={doctor._id} value={doctor._id} disabled={!doctor.hasFreeTimes}>
                {doctor.hasFreeTimes ? doctor.name : `${doctor.name} (no free time this day)`}
              </option>
            ))}
          </SelectField>
        )}
        {availability.isError ? (
          <LoadFailed
            error={availability.error}
            onRetry={() => void availability.refetch()}
            layout="section"
          />
        ) : (
          <SelectField
            label="Time"
            required
            aria-busy={availability.isFetching || undefined}
            error={errors.slot?.message}
            {...register('slot', { onChange: clearMessage })}
          >
            <option value="">{timePlaceholder}</option>
            {times.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </SelectField>
        )}
        {message && (
          <p role="alert" className="text-sm text-error">
            {message}
          </p>
        )}
        <div className="modal-action flex-wrap">
          <Button variant="outline" onClick={() => modalRef.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" isLoading={create.isPending}>
            Book appointment
          </Button>
        </div>
      </form>
    </Modal>
  );
}

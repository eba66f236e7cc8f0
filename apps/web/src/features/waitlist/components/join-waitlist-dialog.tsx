import { useRef, useState } from 'react';
import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  addDays,
  parseDateInput,
  waitlistJoinSchema,
  type IsoDate,
  type WaitlistJoin,
} from '@clinic/shared';
import { DoctorField } from '../../../components/doctor-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { Modal, ModalFooter, type ModalHandle } from '../../../components/ui/modal.tsx';
import { familyText, useFamilyT, useFamilyText } from '../../../i18n/family.ts';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useJoinWaitlist } from '../api/join-waitlist.ts';
import { useTreatmentDoctors } from '../api/get-treatment-doctors.ts';
import { useTreatments } from '../api/get-treatments.ts';
import {
  DEFAULT_RANGE_DAYS,
  timeWindowOf,
  timesOfDay,
  type TimeOfDay,
} from '../utils/waitlist-texts.ts';

type FormValues = {
  treatmentId: string;
  from: string;
  to: string;
  timeOfDay: TimeOfDay;
  /** A doctor's id, or '' for any doctor. */
  doctorId: string;
};

/** The join request's fields, shown on the form's fields (a window's bounds on the time of day). */
const formFieldOf: Record<string, keyof FormValues> = {
  treatmentId: 'treatmentId',
  doctorId: 'doctorId',
  from: 'from',
  to: 'to',
  earliestMin: 'timeOfDay',
  latestMin: 'timeOfDay',
};

/**
 * The form's fields, checked by the route's own schema (the range's length, its order) once they
 * are put together as the request, whose messages go under the fields that make them.
 */
const joinFormSchema = z
  .object({
    treatmentId: z.string().min(1, 'Choose the treatment to wait for'),
    from: z.string(),
    to: z.string(),
    timeOfDay: z.enum(['any', 'morning', 'afternoon']),
    doctorId: z.string(),
  })
  .transform(({ treatmentId, from, to, timeOfDay, doctorId }, ctx) => {
    const parsed = waitlistJoinSchema.safeParse({
      treatmentId,
      from,
      to,
      ...timeWindowOf(timeOfDay),
      ...(doctorId && { doctorId }),
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = formFieldOf[String(issue.path[0])] ?? 'treatmentId';
      ctx.addIssue({ code: 'custom', message: issue.message, path: [field] });
    }
    return z.NEVER;
  });

type JoinWaitlistDialogProps = {
  /** The treatment to wait for (the booking page's card); absent, the patient chooses one. */
  treatment?: { _id: string; name: string } | undefined;
  /** The first day to start with: the booking page's day, or today. */
  date: IsoDate;
  onClose: () => void;
};

/**
 * Joins the waitlist for a treatment: from the first to the last day (two weeks by default), at
 * any time, in the mornings or in the afternoons, and for a treatment that needs a doctor, with
 * any of them or one. The server's refusals (already waiting for it, too many entries, a range it
 * does not take) stay in the dialog; success says so in a toast and closes it.
 */
export function JoinWaitlistDialog({ treatment, date, onClose }: JoinWaitlistDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const join = useJoinWaitlist();
  const [refusal, setRefusal] = useState<string | null>(null);
  const t = useFamilyT();
  const text = useFamilyText();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    getFieldState,
    formState: { errors },
  } = useZodForm(joinFormSchema, {
    defaultValues: {
      treatmentId: treatment?._id ?? '',
      from: date,
      to: addDays(date, DEFAULT_RANGE_DAYS - 1),
      timeOfDay: 'any',
      doctorId: '',
    },
  });
  const treatmentId = useWatch({ control, name: 'treatmentId' });
  const doctorId = useWatch({ control, name: 'doctorId' });
  const doctors = useTreatmentDoctors(date, treatmentId);

  const send = (request: WaitlistJoin) => {
    setRefusal(null);
    join.mutate(request, {
      onSuccess: ({ entry }) => {
        toast.success(
          familyText('You are on the waitlist for {{treatment}}.', { treatment: entry.treatment }),
        );
        modalRef.current?.close();
      },
      onError: (error) => {
        if (!setServerFieldErrors(setError, error, formFieldOf)) setRefusal(errorMessage(error));
      },
    });
  };

  // The last day follows the first until the patient sets it: still two weeks, whatever the start.
  const fromField = register('from', {
    onChange: (event: { target: { value: string } }) => {
      const from = parseDateInput(event.target.value);
      if (from && !getFieldState('to').isDirty)
        setValue('to', addDays(from, DEFAULT_RANGE_DAYS - 1));
    },
  });
  // Another treatment has other doctors.
  const treatmentField = register('treatmentId', {
    onChange: () => setValue('doctorId', ''),
  });

  return (
    <Modal
      ref={modalRef}
      title={
        treatment
          ? t('Join the waitlist for {{treatment}}', { treatment: treatment.name })
          : t('Join a waitlist')
      }
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(send)(event)}
        className="flex flex-col gap-3"
      >
        <p className="text-sm">
          {t(
            'When a time you would take frees up, we email you an offer. It is not held for you: the first to book it gets it.',
          )}
        </p>
        {!treatment && <TreatmentSelect error={errors.treatmentId?.message && text(errors.treatmentId.message)} {...treatmentField} />}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField
            label={t('First day')}
            type="date"
            min={date}
            error={errors.from?.message}
            {...fromField}
          />
          <TextField
            label={t('Last day')}
            type="date"
            min={date}
            error={errors.to?.message && text(errors.to.message)}
            {...register('to')}
          />
        </div>
        <SelectField
          label={t('Time of day')}
          error={errors.timeOfDay?.message}
          {...register('timeOfDay')}
        >
          {timesOfDay.map(({ value, label }) => (
            <option key={value} value={value}>
              {text(label)}
            </option>
          ))}
        </SelectField>
        {doctors.data && (
          <DoctorField
            doctors={doctors.data}
            value={doctorId}
            onChange={(id) => setValue('doctorId', id)}
          />
        )}
        {errors.doctorId?.message && (
          <p className="text-sm text-error">{text(errors.doctorId.message)}</p>
        )}
        <ModalFooter refusal={refusal && text(refusal)} dismissLabel={t('Cancel')} onDismiss={() => modalRef.current?.close()}>
          <Button type="submit" isLoading={join.isPending}>
            {t('Join waitlist')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

type TreatmentSelectProps = UseFormRegisterReturn<'treatmentId'> & {
  error: string | undefined;
};

/** The treatments to wait for, when the dialog is not opened from one (the waitlist page). */
function TreatmentSelect({ error, ...field }: TreatmentSelectProps) {
  const treatments = useTreatments();
  const t = useFamilyT();
  if (treatments.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2">
        <p className="text-error">{errorMessage(treatments.error)}</p>
        <Button variant="outline" className="btn-sm" onClick={() => void treatments.refetch()}>
          {t('Retry')}
        </Button>
      </div>
    );
  }
  return (
    <SelectField
      label={t('Treatment')}
      error={error}
      aria-busy={treatments.isPending || undefined}
      {...field}
    >
      <option value="">
        {treatments.isPending ? t('Loading the treatments…') : t('Choose a treatment')}
      </option>
      {treatments.data?.map((service) => (
        <option key={service._id} value={service._id}>
          {service.name}
        </option>
      ))}
    </SelectField>
  );
}

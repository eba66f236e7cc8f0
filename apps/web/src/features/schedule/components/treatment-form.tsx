import { useId, useState } from 'react';
import { Controller, type DefaultValues } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  treatmentCreateSchema,
  treatmentUpdateSchema,
  type AdminTreatment,
  type Doctor,
} from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors, type ServerFields } from '../../../lib/server-field-errors.ts';
import { useCreateTreatment } from '../api/create-treatment.ts';
import {
  futureBookingsConflict,
  type FutureBookingsConflict,
} from '../api/future-bookings-conflict.ts';
import { useUpdateTreatment } from '../api/update-treatment.ts';
import { DURATIONS, durationLabel } from '../utils/schedule-labels.ts';
import { treatmentChanges } from '../utils/treatment-changes.ts';
import { AffectedBookingsList } from './affected-bookings-list.tsx';

/**
 * The recall as typed: empty is no recall (null), anything else the months, checked by the
 * shared rule the route applies. Only an edit asks for it: adding a treatment does not take it.
 */
const recallMonthsFieldSchema = z
  .string()
  .trim()
  .transform((months) => (months === '' ? null : Number(months)))
  .pipe(treatmentUpdateSchema.shape.recallMonths.unwrap());

const treatmentFormSchema = treatmentCreateSchema.extend({
  recallMonths: recallMonthsFieldSchema.optional(),
});
type TreatmentFormInput = z.input<typeof treatmentFormSchema>;
type TreatmentValues = z.output<typeof treatmentFormSchema>;

const fieldOfServerError: ServerFields<TreatmentFormInput> = [
  'name',
  'price',
  'durationMin',
  'description',
  'requiresDoctor',
  'doctorIds',
  'recallMonths',
];

const emptyTreatment: DefaultValues<TreatmentFormInput> = {
  name: '',
  durationMin: 30,
  description: '',
  requiresDoctor: false,
  doctorIds: [],
};

function valuesOf(treatment: AdminTreatment): TreatmentFormInput {
  const { name, price, durationMin, description, requiresDoctor, doctorIds } = treatment;
  const recallMonths = treatment.recallMonths == null ? '' : String(treatment.recallMonths);
  return { name, price, durationMin, description, requiresDoctor, doctorIds, recallMonths };
}

type DoctorChoicesProps = {
  doctors: readonly Doctor[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
};

/** The doctors who perform the treatment: one checkbox each, in a group named 'Doctors'. */
function DoctorChoices({ doctors, value, onChange, error }: DoctorChoicesProps) {
  const errorId = useId();
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium">Doctors</legend>
      {doctors.length === 0 ? (
        <p className="text-sm opacity-80">No doctors yet: add one under Add a Doctor.</p>
      ) : (
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {doctors.map((doctor) => (
            <label key={doctor._id} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={value.includes(doctor._id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, doctor._id]
                      : value.filter((id) => id !== doctor._id),
                  )
                }
              />
              {doctor.name}
            </label>
          ))}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

type TreatmentFormProps = {
  doctors: readonly Doctor[];
  /** The treatment to edit; without one the form adds a new treatment. */
  treatment?: AdminTreatment;
  /** After a save (an edit closes its dialog here). */
  onSaved?: () => void;
  onCancel?: () => void;
};

/**
 * A treatment's name, price in dollars, duration (30 minutes to 4 hours), description, whether it
 * needs a doctor, which doctors perform it and, when editing, the months after which its patients
 * are recalled, checked by the schema the route checks. Adding starts afresh after each save;
 * editing sends only what changed.
 */
export function TreatmentForm({ doctors, treatment, onSaved, onCancel }: TreatmentFormProps) {
  const create = useCreateTreatment();
  const update = useUpdateTreatment();
  const isEditing = treatment !== undefined;
  const requiresDoctorId = useId();
  const recallMonthsId = useId();
  const [conflict, setConflict] = useState<FutureBookingsConflict | null>(null);
  // The schema's own types, named: inferred from the default values, the doctors would be partial.
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useZodForm<TreatmentFormInput, TreatmentValues>(treatmentFormSchema, {
    defaultValues: treatment ? valuesOf(treatment) : emptyTreatment,
  });

  const showFailure = (error: unknown, what: string) => {
    setServerFieldErrors(setError, error, fieldOfServerError, { shouldFocus: false });
    toast.error(what, { description: errorMessage(error) });
  };

  const onSubmit = handleSubmit(({ recallMonths, ...fields }) => {
    setConflict(null);
    if (!treatment) {
      create.mutate(fields, {
        onSuccess: () => {
          toast.success(`Treatment ${fields.name} added`);
          reset(emptyTreatment);
          onSaved?.();
        },
        onError: (error) => showFailure(error, 'The treatment could not be added'),
      });
      return;
    }
    const changes = treatmentChanges(treatment, { ...fields, recallMonths });
    if (Object.keys(changes).length === 0) {
      onSaved?.();
      return;
    }
    update.mutate(
      { id: treatment._id, changes },
      {
        onSuccess: (saved) => {
          toast.success(`Treatment ${saved.name} saved`);
          onSaved?.();
        },
        onError: (error) => {
          const inTheWay = futureBookingsConflict(error);
          if (inTheWay) setConflict(inTheWay);
          else showFailure(error, 'The treatment could not be saved');
        },
      },
    );
  });

  const doctorNames = new Map(doctors.map((doctor) => [doctor._id, doctor.name]));

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex w-full max-w-xl flex-col gap-4"
    >
      <TextField
        label="Name"
        autoComplete="off"
        required
        maxLength={80}
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Price (dollars)"
          type="number"
          inputMode="decimal"
          min={0}
          max={10_000}
          step="0.01"
          required
          error={errors.price?.message}
          {...register('price', { valueAsNumber: true })}
        />
        <SelectField
          label="Duration"
          error={errors.durationMin?.message}
          {...register('durationMin', { valueAsNumber: true })}
        >
          {DURATIONS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {durationLabel(minutes)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={1000}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={requiresDoctorId} className="flex cursor-pointer items-center gap-2">
          <input
            id={requiresDoctorId}
            type="checkbox"
            className="checkbox"
            aria-describedby={`${requiresDoctorId}-hint`}
            {...register('requiresDoctor')}
          />
          Requires a doctor
        </label>
        <p id={`${requiresDoctorId}-hint`} className="text-sm opacity-80">
          Patients then book one of its doctors, and each doctor sees one patient at a time.
          Otherwise the treatment takes one booking per time.
        </p>
        {errors.requiresDoctor?.message && (
          <p className="text-sm text-error">{errors.requiresDoctor.message}</p>
        )}
      </div>
      <Controller
        control={control}
        name="doctorIds"
        render={({ field, fieldState }) => (
          <DoctorChoices
            doctors={doctors}
            value={field.value ?? []}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      {isEditing && (
        <div className="flex flex-col gap-1">
          <TextField
            id={recallMonthsId}
            label="Recall after (months)"
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            step={1}
            className="sm:max-w-48"
            error={errors.recallMonths?.message}
            aria-describedby={
              errors.recallMonths
                ? `${recallMonthsId}-hint ${recallMonthsId}-error`
                : `${recallMonthsId}-hint`
            }
            {...register('recallMonths')}
          />
          <p id={`${recallMonthsId}-hint`} className="text-sm opacity-80">
            Patients are reminded to book again this many months after a completed visit. Leave
            empty for no recall.
          </p>
        </div>
      )}
      {conflict && (
        <div role="alert" className="alert alert-error flex-col items-start text-sm">
          <p className="font-medium">Not saved: bookings to come stand in the way.</p>
          <AffectedBookingsList conflict={conflict} doctorNames={doctorNames} />
          <p>Move or cancel them first, or leave out the change that strands them.</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={create.isPending || update.isPending}>
          {isEditing ? 'Save' : 'Add treatment'}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

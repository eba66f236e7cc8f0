import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  clinicProfileUpdateSchema,
  type ClinicProfile,
  type ClinicProfileUpdate,
} from '@clinic/shared';
import { TimeZoneField } from '../../../components/time-zone-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField, TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { clinicQueryOptions } from '../../../lib/clinic-query.ts';
import { emailFieldOptions } from '../../../lib/form-values.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { browserTimeZone } from '../../../lib/time-zones.ts';
import { useUpdateClinic } from '../api/update-clinic.ts';

export const CLINIC_SAVED_TOAST = 'Clinic profile saved';
export const TIME_ZONE_NOTE =
  'Times are shown in this zone; a change takes effect when the server restarts.';

const fields = [
  'name',
  'timezone',
  'phone',
  'email',
  'address',
  'about',
  'privacyPolicy',
  'terms',
] as const satisfies readonly (keyof ClinicProfileUpdate)[];

function formValuesOf(profile: ClinicProfile): Required<ClinicProfileUpdate> {
  return {
    name: profile.name,
    // The zone saved (in effect from the next start), not the one in effect now: saving the form
    // for another reason must not put the running zone back over the owner's choice.
    timezone: profile.chosenTimezone ?? (profile.timezone || browserTimeZone()),
    phone: profile.phone,
    email: profile.email,
    address: profile.address,
    about: profile.about,
    privacyPolicy: profile.privacyPolicy,
    terms: profile.terms,
  };
}

function ClinicProfileFields({ profile }: { profile: ClinicProfile }) {
  const update = useUpdateClinic();
  const zoneId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useZodForm(clinicProfileUpdateSchema, { defaultValues: formValuesOf(profile) });

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast.success(CLINIC_SAVED_TOAST);
        reset(formValuesOf(saved));
      },
      onError: (error) => {
        if (!setServerFieldErrors(setError, error, fields)) toast.error(errorMessage(error));
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-3xl flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Clinic name"
          autoComplete="organization"
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="flex flex-col gap-1">
          <TimeZoneField
            id={zoneId}
            // The note, and the error under the field when there is one (its id is the field's).
            aria-describedby={`${zoneId}-note${errors.timezone ? ` ${zoneId}-error` : ''}`}
            include={[profile.chosenTimezone ?? profile.timezone, profile.timezone, browserTimeZone()]}
            error={errors.timezone?.message}
            {...register('timezone')}
          />
          <p id={`${zoneId}-note`} className="text-sm opacity-80">
            {TIME_ZONE_NOTE}
          </p>
        </div>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <EmailField
          label="Email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email', emailFieldOptions)}
        />
      </div>
      <TextField
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <TextAreaField
        label="About the clinic"
        rows={6}
        error={errors.about?.message}
        {...register('about')}
      />
      <TextAreaField
        label="Privacy policy"
        rows={10}
        error={errors.privacyPolicy?.message}
        {...register('privacyPolicy')}
      />
      <TextAreaField
        label="Terms of use"
        rows={10}
        error={errors.terms?.message}
        {...register('terms')}
      />
      <p className="text-sm opacity-80">
        Leave a text empty to keep the portal&apos;s own. Separate paragraphs with a blank line.
      </p>
      <Button type="submit" className="w-fit" isLoading={update.isPending}>
        Save clinic profile
      </Button>
    </form>
  );
}

/**
 * The owner's settings of the clinic's details (`PUT /api/admin/clinic`): name, zone, contacts,
 * and the texts of the About, privacy and terms pages. The opening hours are the schedule's.
 */
export function ClinicProfileForm() {
  // The owner edits what is saved now, not what a visitor's page cached a while ago.
  const clinic = useQuery({ ...clinicQueryOptions(), staleTime: 0 });
  if (clinic.isPending) return <Spinner label="Loading the clinic profile…" />;
  if (clinic.isError) {
    return <LoadFailed error={clinic.error} onRetry={() => void clinic.refetch()} />;
  }
  return <ClinicProfileFields profile={clinic.data} />;
}

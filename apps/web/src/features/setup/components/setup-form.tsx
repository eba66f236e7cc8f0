import { useState } from 'react';
import { Link } from 'react-router';
import { setupRequestSchema, type SetupRequest } from '@clinic/shared';
import { TimeZoneField } from '../../../components/time-zone-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField, TextField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { emailFieldOptions } from '../../../lib/form-values.ts';
import { setServerFieldErrors, type ServerFields } from '../../../lib/server-field-errors.ts';
import { browserTimeZone } from '../../../lib/time-zones.ts';
import { useCompleteSetup } from '../api/complete-setup.ts';

export const INVALID_LINK_TEXT =
  'This setup link is not valid. Open the setup address the server printed in its log when it started (it ends in ?token=…).';
export const ALREADY_SET_UP_TEXT = 'This portal has already been set up.';
export const SIGN_IN_FAILED_TEXT =
  'The clinic is set up. Please log in with the account you just made.';

/** The owner's email and password, to sign in with once the setup is done. */
export type OwnerCredentials = { email: string; password: string };

/** The server's field names (`clinic.name`, `admin.email`) are the form's own. */
const serverFields: ServerFields<SetupRequest> = [
  'clinic.name',
  'clinic.timezone',
  'clinic.phone',
  'clinic.email',
  'clinic.address',
  'admin.name',
  'admin.email',
  'admin.password',
];

type SetupFormProps = {
  token: string;
  /** Signs the new owner in and moves on; a rejection leaves the owner a link to log in. */
  onSetUp: (owner: OwnerCredentials) => Promise<void>;
};

/**
 * The first run (practice-loop.md section 10): the clinic's name, zone and contacts, then the
 * owner's account. Checked with the route's own schema first; the server's field errors go under
 * their fields, a wrong token or a portal already set up under the form.
 */
export function SetupForm({ token, onSetUp }: SetupFormProps) {
  const setup = useCompleteSetup();
  const [phase, setPhase] = useState<'form' | 'signing-in' | 'sign-in-failed'>('form');
  const zone = browserTimeZone();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(setupRequestSchema, {
    defaultValues: {
      token,
      clinic: { name: '', timezone: zone, phone: '', email: '', address: '' },
      admin: { name: '', email: '', password: '' },
    },
  });

  const onSubmit = handleSubmit((values) =>
    setup.mutate(values, {
      onSuccess: ({ email }) => {
        setPhase('signing-in');
        onSetUp({ email, password: values.admin.password }).catch(() => setPhase('sign-in-failed'));
      },
      onError: (error) => {
        setServerFieldErrors(setError, error, serverFields);
      },
    }),
  );

  if (phase === 'sign-in-failed') {
    return (
      <div role="status" className="flex flex-col gap-3">
        <p>{SIGN_IN_FAILED_TEXT}</p>
        <Link to="/login" className="btn btn-primary w-fit">
          Login
        </Link>
      </div>
    );
  }

  const failure = formFailure(setup.error);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold">Your clinic</legend>
        <TextField
          label="Clinic name"
          autoComplete="organization"
          error={errors.clinic?.name?.message}
          {...register('clinic.name')}
        />
        <TimeZoneField
          include={[zone]}
          error={errors.clinic?.timezone?.message}
          {...register('clinic.timezone')}
        />
        <TextField
          label="Clinic phone (optional)"
          type="tel"
          autoComplete="tel"
          error={errors.clinic?.phone?.message}
          {...register('clinic.phone')}
        />
        <EmailField
          label="Clinic email (optional)"
          autoComplete="off"
          error={errors.clinic?.email?.message}
          {...register('clinic.email', emailFieldOptions)}
        />
        <TextField
          label="Clinic address (optional)"
          autoComplete="street-address"
          error={errors.clinic?.address?.message}
          {...register('clinic.address')}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold">Your account (the owner)</legend>
        <TextField
          label="Your name"
          autoComplete="name"
          error={errors.admin?.name?.message}
          {...register('admin.name')}
        />
        <EmailField
          label="Your email"
          error={errors.admin?.email?.message}
          {...register('admin.email', emailFieldOptions)}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.admin?.password?.message}
          {...register('admin.password')}
        />
      </fieldset>
      {failure && (
        <div role="alert" className="text-error">
          <p>{failure.message}</p>
          {failure.canLogIn && (
            <Link to="/login" className="link">
              Go to login
            </Link>
          )}
        </div>
      )}
      <Button
        type="submit"
        className="w-full sm:w-fit"
        isLoading={setup.isPending || phase === 'signing-in'}
      >
        Set up the clinic
      </Button>
    </form>
  );
}

/** What to say under the form about a refusal no field shows. */
function formFailure(error: unknown): { message: string; canLogIn: boolean } | null {
  if (!error) return null;
  if (isApiError(error)) {
    if (error.status === 403) return { message: INVALID_LINK_TEXT, canLogIn: false };
    if (error.status === 404) return { message: ALREADY_SET_UP_TEXT, canLogIn: true };
    if (
      error.status === 400 &&
      Object.keys(error.errors).some((name) => (serverFields as readonly string[]).includes(name))
    ) {
      return null;
    }
  }
  return { message: errorMessage(error), canLogIn: false };
}

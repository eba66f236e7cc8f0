import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { authButtons, registerFormSchema } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField, TextField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { emailFieldOptions } from '../../../lib/form-values.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { hasServerFieldError, setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import {
  checkInboxText,
  resendVerificationEmail,
  sentAgainText,
} from '../../../lib/verification-email.ts';
import { useSignUp } from '../api/sign-up.ts';
import { signUpReturnPath, useReturnPath, type ReturnState } from '../hooks/use-return-path.ts';
import { AuthError } from './auth-error.tsx';
import { appText, useAppT } from '../../../i18n/app.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';

/**
 * Says, where the patient lands after signing up, that a mail is on its way to confirm the
 * address (the clinic asks for it before booking), with a way to get it again. It stays until
 * closed: a patient who misses it meets the same request only when booking.
 */
function showCheckInboxNotice(email: string) {
  toast.info(checkInboxText(email), {
    description: appText('Follow the link in it before you book an appointment.'),
    duration: Infinity,
    closeButton: true,
    action: {
      label: appText('Resend the mail'),
      onClick: (event) => {
        // Keep the notice: the patient still has to open the mail.
        event.preventDefault();
        resendVerificationEmail().then(
          ({ email: sentTo }) => toast.success(sentAgainText(sentTo)),
          (error: unknown) => toast.error(errorMessage(error)),
        );
      },
    },
  });
}

/**
 * Sign-up screen (spec section 2): name, email and password; afterwards the user goes to /, told
 * to check the inbox when the clinic wants the address confirmed before booking. Sent here from
 * an invitation's link (`/l/:token`), the new account goes back there instead.
 */
export function RegisterForm() {
  const navigate = useNavigate();
  const returnPath = signUpReturnPath(useReturnPath());
  // Carried on to the login page, should the visitor have an account after all.
  const returnState: ReturnState | undefined = returnPath === '/' ? undefined : { from: returnPath };
  const signUp = useSignUp();
  const t = useAppT();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(registerFormSchema, {
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: ({ email, mustConfirmEmail }) => {
        void navigate(returnPath, { replace: true });
        if (mustConfirmEmail) showCheckInboxNotice(email);
      },
      // The server refuses the most common passwords; its message goes under the field.
      onError: (error) => setServerFieldErrors(setError, error, ['password']),
    }),
  );
  const hasPasswordError = hasServerFieldError(signUp.error, ['password']);

  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <EmailField error={errors.email?.message} {...register('email', emailFieldOptions)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <AuthError error={hasPasswordError ? null : signUp.error} />
        <Button type="submit" variant="neutral" className="w-full" isLoading={signUp.isPending}>
          {t(authButtons.signUp)}
        </Button>
      </form>
      <p className="text-center text-sm">
        {t('Already have an account?')}{' '}
        <Link to="/login" state={returnState} className="link text-primary">
          {t('Please login')}
        </Link>
      </p>
      <div className="divider">{t('OR')}</div>
      <GoogleSignInButton returnPath={returnPath} screen="/register" />
    </div>
  );
}

import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { passwordResetTexts, resetPasswordFormSchema } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { hasServerFieldError, setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { pagesText, usePagesT } from '../../../i18n/pages.ts';
import { AuthError } from './auth-error.tsx';

/** The server's answer to a link that is unknown, used or more than an hour old. */
function isInvalidLink(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  const body = error.body as { providerCode?: unknown } | undefined;
  return body?.providerCode === 'INVALID_TOKEN';
}

function InvalidLink() {
  const t = usePagesT();
  return (
    <div className="flex flex-col gap-4">
      <p role="alert" className="alert alert-error text-sm">
        {t(passwordResetTexts.invalidLink)}
      </p>
      <Link to="/forgot-password" className="link text-center text-primary">
        {t(passwordResetTexts.requestNewLink)}
      </Link>
    </div>
  );
}

/**
 * A new password for the account of the mailed link (`token`, from `?token=`). Same rules as
 * sign-up; the server also refuses the most common passwords, shown under the field. Success
 * ends every session, so the person logs in again.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const t = usePagesT();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(resetPasswordFormSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (!token || isInvalidLink(reset.error)) return <InvalidLink />;

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => {
          toast.success(pagesText(passwordResetTexts.resetDone));
          void navigate('/login', { replace: true });
        },
        onError: (error) => setServerFieldErrors(setError, error, ['password']),
      },
    ),
  );
  const hasFieldError = hasServerFieldError(reset.error, ['password']);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <TextField
        label={t(passwordResetTexts.newPassword)}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={t(passwordResetTexts.confirmPassword)}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <AuthError error={hasFieldError ? null : reset.error} />
      <Button type="submit" variant="neutral" className="w-full" isLoading={reset.isPending}>
        {t(passwordResetTexts.resetSubmit)}
      </Button>
    </form>
  );
}

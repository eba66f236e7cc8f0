import { Link } from 'react-router';
import { forgotPasswordFormSchema, passwordResetTexts } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { emailFieldOptions } from '../../../lib/form-values.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { usePagesT } from '../../../i18n/pages.ts';
import { AuthError } from './auth-error.tsx';

/**
 * Asks for a reset link. Afterwards it says the same whatever the address: the server never
 * tells whether an account exists.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const t = usePagesT();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(forgotPasswordFormSchema, {
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) => request.mutate(values));

  if (request.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="alert alert-success text-sm">
          {t(passwordResetTexts.forgotSent)}
        </p>
        <Link to="/login" className="link text-center text-primary">
          {t(passwordResetTexts.backToLogin)}
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">{t(passwordResetTexts.forgotIntro)}</p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <EmailField error={errors.email?.message} {...register('email', emailFieldOptions)} />
        <AuthError error={request.error} />
        <Button type="submit" variant="neutral" className="w-full" isLoading={request.isPending}>
          {t(passwordResetTexts.forgotSubmit)}
        </Button>
      </form>
      <Link to="/login" className="link text-center text-sm text-primary">
        {t(passwordResetTexts.backToLogin)}
      </Link>
    </div>
  );
}

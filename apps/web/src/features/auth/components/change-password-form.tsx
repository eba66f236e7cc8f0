import { toast } from 'sonner';
import {
  accountSecurityTexts as texts,
  changePasswordFormSchema,
  type ChangePasswordForm,
} from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { hasServerFieldError, setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useChangePassword } from '../api/change-password.ts';
import { AuthError } from './auth-error.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { accountText, useAccountT } from '../../../i18n/account.ts';

/** Where the server's messages about the password go: both names mean the new one. */
const passwordFields = { password: 'newPassword', newPassword: 'newPassword' } as const;

/** The profile's password change: the current one, a new one twice. Other sessions then end. */
export function ChangePasswordForm({ email }: { email: string }) {
  const t = useAccountT();
  const change = useChangePassword(email);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(changePasswordFormSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const submit = (form: ChangePasswordForm) =>
    change.mutate(form, {
      onSuccess: () => {
        reset();
        toast.success(accountText(texts.passwordChanged));
      },
      // The server's own rule (the most common passwords) belongs under the new password.
      onError: (error) =>
        setServerFieldErrors(setError, error, passwordFields, { shouldFocus: false }),
    });

  const serverError =
    change.isError && !hasServerFieldError(change.error, Object.keys(passwordFields));
  return (
    <TitledSection title={t(texts.passwordTitle)} className="flex max-w-sm flex-col gap-3">
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="flex flex-col gap-3"
      >
        <TextField
          label={t(texts.currentPassword)}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <TextField
          label={t(texts.newPassword)}
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label={t(texts.confirmPassword)}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {serverError ? <AuthError error={change.error} /> : null}
        <Button type="submit" className="self-start" isLoading={change.isPending}>
          {t(texts.changePassword)}
        </Button>
      </form>
    </TitledSection>
  );
}

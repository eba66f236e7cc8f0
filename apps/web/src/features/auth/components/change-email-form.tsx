import {
  accountSecurityTexts as texts,
  changeEmailFormSchema,
  type ChangeEmailForm,
} from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { AuthError } from './auth-error.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { useAccountT } from '../../../i18n/account.ts';

/** The profile's change of address: a link goes to the new one, which takes effect when followed. */
export function ChangeEmailForm({ email }: { email: string }) {
  const t = useAccountT();
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(changeEmailFormSchema, {
    defaultValues: { newEmail: '' },
  });

  const submit = ({ newEmail }: ChangeEmailForm) => {
    if (newEmail.trim().toLowerCase() === email.toLowerCase()) {
      setError('newEmail', { message: t(texts.sameEmail) });
      return;
    }
    change.mutate(newEmail);
  };

  return (
    <TitledSection title={t(texts.emailTitle)} className="flex max-w-sm flex-col gap-3">
      <p>{email}</p>
      {change.isSuccess ? (
        <p role="status" className="rounded-box bg-base-200 p-3">
          {t('We have sent a link to {{email}}. Your address changes when you follow it; until then, sign in with the current one.', { email: change.variables.trim().toLowerCase() })}
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="flex flex-col gap-3"
      >
        <EmailField
          label={t(texts.newEmail)}
          error={errors.newEmail?.message}
          {...register('newEmail')}
        />
        <AuthError error={change.error} />
        <Button type="submit" variant="outline" className="self-start" isLoading={change.isPending}>
          {t(texts.changeEmail)}
        </Button>
      </form>
    </TitledSection>
  );
}

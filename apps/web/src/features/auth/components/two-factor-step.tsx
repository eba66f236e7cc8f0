/**
 * The second step of a sign-in for an account with two-step sign-in on: the 6-digit code from
 * the authenticator app, or one of the saved backup codes.
 */
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { twoFactorCodeFormSchema, twoFactorTexts } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { useVerifyTwoFactor } from '../api/verify-two-factor.ts';
import { AuthError } from './auth-error.tsx';
import { useSecurityT, useSecurityText } from '../../../i18n/security.ts';

type TwoFactorStepProps = {
  /** The account the password step signed in (for the token step). */
  email: string;
  onSignedIn: () => void;
  /** Back to the email and password form. */
  onCancel: () => void;
};

export function TwoFactorStep({ email, onSignedIn, onCancel }: TwoFactorStepProps) {
  const t = useSecurityT();
  // The validation message and the server's refusal of a code arrive in English.
  const text = useSecurityText();
  const verify = useVerifyTwoFactor(email);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useZodForm(twoFactorCodeFormSchema, {
    defaultValues: { method: 'totp', code: '' },
  });
  const method = useWatch({ control, name: 'method' });
  const isBackup = method === 'backup';

  // The code field takes the focus when the step appears and whenever the kind of code changes.
  useEffect(() => {
    setFocus('code');
  }, [method, setFocus]);

  const switchMethod = () => {
    setValue('method', isBackup ? 'totp' : 'backup');
    setValue('code', '');
    clearErrors();
    verify.reset();
  };

  const onSubmit = handleSubmit((values) => verify.mutate(values, { onSuccess: onSignedIn }));

  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t(twoFactorTexts.title)}</h2>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <p className="text-sm">
          {t(isBackup ? twoFactorTexts.backupCodeHint : twoFactorTexts.codeHint)}
        </p>
        <TextField
          key={method}
          label={t(isBackup ? twoFactorTexts.backupCodeLabel : twoFactorTexts.codeLabel)}
          type="text"
          inputMode={isBackup ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={isBackup ? 64 : 7}
          error={errors.code?.message && text(errors.code.message)}
          {...register('code')}
        />
        <AuthError error={verify.error} translate={text} />
        <Button type="submit" variant="neutral" className="w-full" isLoading={verify.isPending}>
          {t(twoFactorTexts.verify)}
        </Button>
      </form>
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className="link text-sm text-primary" onClick={switchMethod}>
          {t(isBackup ? twoFactorTexts.useAppCode : twoFactorTexts.useBackupCode)}
        </button>
        <button type="button" className="link text-sm" onClick={onCancel}>
          {t(twoFactorTexts.startOver)}
        </button>
      </div>
    </div>
  );
}

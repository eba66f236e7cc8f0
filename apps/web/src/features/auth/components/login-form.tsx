import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { authButtons, loginFormSchema, passwordResetTexts } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField, TextField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { emailFieldOptions } from '../../../lib/form-values.ts';
import { useSignIn } from '../api/sign-in.ts';
import { signUpReturnPath, useReturnPath, type ReturnState } from '../hooks/use-return-path.ts';
import { useAppT } from '../../../i18n/app.ts';
import { AuthError } from './auth-error.tsx';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { TwoFactorStep } from './two-factor-step.tsx';

/** Login screen (spec section 2): email and password, then back to where the user came from. */
export function LoginForm() {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const signIn = useSignIn();
  const t = useAppT();
  // Set when the password was right and the account asks for its second factor.
  const [secondFactorFor, setSecondFactorFor] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(loginFormSchema, {
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: ({ needsSecondFactor }) => {
        if (needsSecondFactor) setSecondFactorFor(values.email);
        else void navigate(returnPath, { replace: true });
      },
    }),
  );

  if (secondFactorFor) {
    return (
      <TwoFactorStep
        email={secondFactorFor}
        onSignedIn={() => void navigate(returnPath, { replace: true })}
        onCancel={() => {
          signIn.reset();
          setSecondFactorFor(null);
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <EmailField error={errors.email?.message} {...register('email', emailFieldOptions)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Link to="/forgot-password" className="link self-end text-sm text-primary">
          {t(passwordResetTexts.forgotLink)}
        </Link>
        <AuthError error={signIn.error} />
        <Button type="submit" variant="neutral" className="w-full" isLoading={signIn.isPending}>
          {t(authButtons.login)}
        </Button>
      </form>
      <p className="text-center text-sm">
        {t('New to Doctors Portal?')}{' '}
        {/* A visitor sent here from an invitation's link comes back to it after signing up too. */}
        <Link to="/register" state={signUpReturnPath(returnPath) === '/' ? undefined : ({ from: returnPath } satisfies ReturnState)} className="link text-primary">
          {t('Create new account')}
        </Link>
      </p>
      <div className="divider">{t('OR')}</div>
      <GoogleSignInButton returnPath={returnPath} screen="/login" />
    </div>
  );
}

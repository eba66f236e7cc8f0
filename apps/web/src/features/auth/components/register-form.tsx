import { Link, useNavigate } from 'react-router';
import { authButtons, registerFormSchema } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField, TextField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { emailFieldOptions } from '../../../lib/form-values.ts';
import { hasServerFieldError, setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSignUp } from '../api/sign-up.ts';
import { AuthError } from './auth-error.tsx';
import { GoogleSignInButton } from './google-sign-in-button.tsx';

/** Sign-up screen (spec section 2): name, email and password; afterwards the user goes to /. */
export function RegisterForm() {
  const navigate = useNavigate();
  const signUp = useSignUp();
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
      onSuccess: () => void navigate('/', { replace: true }),
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
          {authButtons.signUp}
        </Button>
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to="/login" className="link text-primary">
          Please login
        </Link>
      </p>
      <div className="divider">OR</div>
      <GoogleSignInButton returnPath="/" screen="/register" />
    </div>
  );
}

/**
 * A `handover` invitation (practice-loop.md section 7): a guardian hands a family member's record
 * over to them. The reader chooses a password (sign-up's rules) and the record becomes their own
 * account under the address the invitation was sent to.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { passwordSchema, type LinkResult, type LinkView } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { hasServerFieldError, setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { resultText } from '../utils/link-texts.ts';
import { useLinkWords } from '../utils/use-link-words.ts';
import { ActionError, ActionResult } from './action-result.tsx';

const handoverFormSchema = z.object({ password: passwordSchema });

export function HandoverInvitation({ token, view }: { token: string; view: LinkView }) {
  const accept = useAcceptInvitation(token);
  const [result, setResult] = useState<LinkResult>();
  const words = useLinkWords();
  const { t, text } = words;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(handoverFormSchema, { defaultValues: { password: '' } });

  if (result) {
    return (
      <>
        <ActionResult>{resultText(result, view.firstName, undefined, words)}</ActionResult>
        <Link to="/login" className="btn btn-primary w-full sm:w-auto sm:self-start">
          {t('Log in')}
        </Link>
      </>
    );
  }

  const onSubmit = handleSubmit(({ password }) =>
    accept.mutate(
      { password },
      {
        onSuccess: setResult,
        onError: (error) => setServerFieldErrors(setError, error, ['password']),
      },
    ),
  );
  const isPasswordRefused = hasServerFieldError(accept.error, ['password']);

  return (
    <>
      <p>
        {view.inviter
          ? t(
              '{{inviter}} hands your appointments and records at the clinic over to you. Choose a password: you then log in with the address this invitation was sent to, and they are yours.',
              { inviter: view.inviter },
            )
          : t(
              'Your guardian hands your appointments and records at the clinic over to you. Choose a password: you then log in with the address this invitation was sent to, and they are yours.',
            )}
      </p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
        <TextField
          label={t('Password')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message && text(errors.password.message)}
          {...register('password')}
        />
        {accept.isError && !isPasswordRefused && (
          <ActionError>{words.problem(accept.error)}</ActionError>
        )}
        <Button
          type="submit"
          className="w-full sm:w-auto sm:self-start"
          isLoading={accept.isPending}
        >
          {t('Create my account')}
        </Button>
      </form>
    </>
  );
}

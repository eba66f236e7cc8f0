/**
 * A `guardian` invitation (practice-loop.md section 7): another guardian asks the reader to
 * manage a family member's appointments with them. Accepted signed in as the address it was
 * sent to; signed out, logging in (or signing up) comes back here.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { LinkResult, LinkView } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { resultText } from '../utils/link-texts.ts';
import { useLinkWords } from '../utils/use-link-words.ts';
import { ActionError, ActionResult } from './action-result.tsx';
import { Sentence } from './sentence.tsx';

/** Who is signed in, as far as the page needs to know. */
export type LinkAccount = { email: string };

const PRIMARY = 'btn btn-primary w-full sm:w-auto sm:self-start';

function SignInToAccept({ token }: { token: string }) {
  const from = { from: `/l/${encodeURIComponent(token)}` };
  const { t } = useLinkWords();
  return (
    <div className="flex flex-col gap-3">
      <p>
        {t('Log in with the address this invitation was sent to, or sign up with it, then accept.')}
      </p>
      <Link to="/login" state={from} className={PRIMARY}>
        {t('Log in to accept')}
      </Link>
      <p>
        {t('No account yet?')}{' '}
        <Link to="/register" state={from} className="link link-primary">
          {t('Sign up')}
        </Link>
      </p>
    </div>
  );
}

type GuardianInvitationProps = {
  token: string;
  view: LinkView;
  /** The signed-in account; null signed out; undefined while that is not known yet. */
  account: LinkAccount | null | undefined;
};

export function GuardianInvitation({ token, view, account }: GuardianInvitationProps) {
  const accept = useAcceptInvitation(token);
  const [result, setResult] = useState<LinkResult>();
  const words = useLinkWords();
  const { t } = words;
  const name = view.firstName;
  const invitation = (
    <p className="text-lg">
      {view.inviter
        ? t("{{inviter}} invites you to manage {{name}}'s appointments.", {
            inviter: view.inviter,
            name,
          })
        : t("A guardian invites you to manage {{name}}'s appointments.", { name })}
    </p>
  );

  if (result) {
    return (
      <>
        <ActionResult>{resultText(result, view.firstName, undefined, words)}</ActionResult>
        <Link to="/dashboard" className={PRIMARY}>
          {t('My Appointments')}
        </Link>
      </>
    );
  }
  if (account === undefined)
    return (
      <>
        {invitation}
        <Spinner label={t('Checking your sign-in…')} />
      </>
    );
  if (account === null)
    return (
      <>
        {invitation}
        <SignInToAccept token={token} />
      </>
    );
  // Signed out meanwhile, or signed in as another address: the way to the right account.
  const needsOtherAccount =
    isApiError(accept.error) && (accept.error.status === 401 || accept.error.status === 403);
  return (
    <>
      {invitation}
      <p className="text-sm">
        <Sentence
          text={t(
            'You can then book, move and cancel their appointments and fill in their forms. You are logged in as {{email}}.',
          )}
          parts={{ email: <span className="break-all font-medium">{account.email}</span> }}
        />
      </p>
      <div className="flex flex-col gap-3">
        {accept.isError && <ActionError>{words.problem(accept.error)}</ActionError>}
        {needsOtherAccount ? (
          <SignInToAccept token={token} />
        ) : (
          <Button
            className="w-full sm:w-auto sm:self-start"
            isLoading={accept.isPending}
            onClick={() => accept.mutate(undefined, { onSuccess: setResult })}
          >
            {t('Accept')}
          </Button>
        )}
      </div>
    </>
  );
}

/**
 * The page behind a link in a message (`/l/:token`, practice-loop.md sections 3 to 5): what the
 * link is for, the appointment, one primary button, and lesser ways on. No password: the link
 * acts for that one booking (or recall), once. A recall link has a screen of its own
 * (recall-action.tsx). A link that cannot act (unknown, expired, used) says why, in
 * the server's words, and how to sign in. An invitation about a family member (`guardian`,
 * `handover`, practice-loop.md section 7) is accepted here: a guardian's signed in, a handover's
 * with the password of the account it makes.
 */
import { useState } from 'react';
import type { LinkBooking, LinkPurpose, LinkResult, LinkView } from '@clinic/shared';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useLink } from '../api/get-link.ts';
import { isReminderPurpose, linkHeadings, linkProblemOf, resultText } from '../utils/link-texts.ts';
import { useLinkWords } from '../utils/use-link-words.ts';
import { ActionResult } from './action-result.tsx';
import { AppointmentSummary } from './appointment-summary.tsx';
import { CancelAction } from './cancel-action.tsx';
import { CheckInAction } from './check-in-action.tsx';
import { ConfirmAction } from './confirm-action.tsx';
import { GuardianInvitation, type LinkAccount } from './guardian-invitation.tsx';
import { HandoverInvitation } from './handover-invitation.tsx';
import { LinkFrame, SignInLink } from './link-frame.tsx';
import { MoreActions } from './more-actions.tsx';
import { RecallAction } from './recall-action.tsx';
import { RescheduleAction } from './reschedule-action.tsx';

const H1 = 'text-2xl font-semibold';

/** The purpose's own part: the primary action, or for purposes not acted on here, a short text. */
function PurposeBody({
  token,
  purpose,
  booking,
  onDone,
}: {
  token: string;
  purpose: Exclude<LinkPurpose, 'recall' | 'guardian' | 'handover'>;
  booking: LinkBooking | undefined;
  onDone: (result: LinkResult) => void;
}) {
  const { t } = useLinkWords();
  if (!booking) return <p>{t('Sign in to see your appointment.')}</p>;
  switch (purpose) {
    case 'confirm':
      return <ConfirmAction token={token} booking={booking} onDone={onDone} />;
    case 'cancel':
      return <CancelAction token={token} booking={booking} onDone={onDone} />;
    case 'reschedule':
      return <RescheduleAction token={token} booking={booking} onDone={onDone} />;
    case 'check-in':
      return <CheckInAction token={token} onDone={onDone} />;
  }
}

/** A link about one booking (not a recall): the appointment, its action, then its result. */
function BookingLinkBody({ token, view }: { token: string; view: LinkView }) {
  const [result, setResult] = useState<LinkResult>();
  const words = useLinkWords();
  const { purpose, firstName, booking } = view;
  if (purpose === 'recall' || purpose === 'guardian' || purpose === 'handover') return null;
  return (
    <>
      {result ? (
        <ActionResult>{resultText(result, firstName, booking, words)}</ActionResult>
      ) : (
        <>
          {booking && <AppointmentSummary booking={booking} />}
          <PurposeBody token={token} purpose={purpose} booking={booking} onDone={setResult} />
        </>
      )}
      {booking && isReminderPurpose(purpose) && (
        <MoreActions
          token={token}
          isCallbackOpen={view.callbackOpen ?? false}
          canAskForCall={result?.done !== 'cancelled'}
        />
      )}
    </>
  );
}

type LinkScreenProps = { token: string; view: LinkView; account: LinkAccount | null | undefined };

function LinkScreen({ token, view, account }: LinkScreenProps) {
  const { t } = useLinkWords();
  if (view.purpose === 'guardian') {
    // Written to the guardian-to-be: `firstName` is the family member's, not the reader's.
    return (
      <LinkFrame>
        <h1 className={H1}>{t(linkHeadings.guardian)}</h1>
        <GuardianInvitation token={token} view={view} account={account} />
      </LinkFrame>
    );
  }
  return (
    <LinkFrame>
      <h1 className={H1}>{t(linkHeadings[view.purpose])}</h1>
      <p>{t('Hello {{name}},', { name: view.firstName })}</p>
      {view.purpose === 'recall' ? (
        <RecallAction token={token} view={view} />
      ) : view.purpose === 'handover' ? (
        <HandoverInvitation token={token} view={view} />
      ) : (
        <BookingLinkBody token={token} view={view} />
      )}
      {/* Whoever holds a handover's link has no account to sign in to yet. */}
      {view.purpose !== 'handover' && <SignInLink />}
    </LinkFrame>
  );
}

type LinkPageProps = {
  token: string;
  /**
   * The signed-in account (null signed out, undefined not known yet): an invitation to manage a
   * family member is accepted signed in. The route knows it; other links do not need it.
   */
  account?: LinkAccount | null | undefined;
};

export function LinkPage({ token, account }: LinkPageProps) {
  const link = useLink(token);
  const words = useLinkWords();
  const { t } = words;
  if (link.isPending || (link.isError && link.isFetching)) {
    return (
      <LinkFrame>
        <Spinner label={t('Opening your link…')} />
      </LinkFrame>
    );
  }
  if (link.isError) {
    const problem = linkProblemOf(link.error);
    const body = isApiError(link.error) ? link.error.body : undefined;
    return (
      <LinkFrame>
        <h1 className={H1}>{t(problem?.heading ?? 'Your appointment')}</h1>
        {problem ? (
          <p>{words.server(problem.detail, body)}</p>
        ) : (
          <LoadFailed
            message={words.problem(link.error)}
            retryLabel={t('Retry')}
            onRetry={() => void link.refetch()}
          />
        )}
        <SignInLink />
      </LinkFrame>
    );
  }
  return <LinkScreen token={token} view={link.data} account={account} />;
}

import { toast } from 'sonner';
import { accountSecurityTexts as texts, type SignedInSession } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSessions, useSignOutOthers } from '../api/list-sessions.ts';
import { AuthError } from './auth-error.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { accountText, useAccountT } from '../../../i18n/account.ts';
import { Instant } from '../../../lib/instants.tsx';

/** A browser and system from a user agent, roughly: enough for a patient to recognise a device. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return texts.unknownDevice;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? texts.unknownDevice;
}

/** Where the account is signed in (device, last seen), with 'Sign out everywhere else'. */
export function SignedInSessions() {
  const t = useAccountT();
  const sessions = useSessions();
  const signOutOthers = useSignOutOthers();

  let body;
  if (sessions.isPending) body = <Spinner label={t(texts.sessionsLoading)} />;
  else if (sessions.isError) {
    body = (
      <LoadFailed
        layout="section"
        error={sessions.error}
        retryLabel={t(texts.retry)}
        onRetry={() => void sessions.refetch()}
      />
    );
  } else {
    const others = sessions.data.filter((s) => !s.current);
    body = (
      <>
        <ul className="flex flex-col gap-2">
          {sessions.data.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </ul>
        {others.length === 0 ? (
          <p>{t(texts.noOtherSessions)}</p>
        ) : (
          <Button
            variant="outline"
            className="self-start"
            isLoading={signOutOthers.isPending}
            onClick={() =>
              signOutOthers.mutate(undefined, {
                onSuccess: () => toast.success(accountText(texts.signedOutOthers)),
              })
            }
          >
            {t(texts.signOutOthers)}
          </Button>
        )}
        <AuthError error={signOutOthers.error} />
      </>
    );
  }

  return (
    <TitledSection title={t(texts.sessionsTitle)} className="flex max-w-xl flex-col gap-3">
      {body}
    </TitledSection>
  );
}

function SessionItem({ session }: { session: SignedInSession }) {
  const t = useAccountT();
  return (
    <li className="rounded-box border border-base-300 p-3">
      <p className="font-medium">
        {describeDevice(session.userAgent)}
        {session.current ? (
          <span className="badge badge-primary ml-2">{t(texts.thisDevice)}</span>
        ) : null}
      </p>
      <p className="text-sm opacity-80">
        {t('Last seen')} <Instant iso={session.updatedAt} />
        {session.ipAddress ? ` ${t('from {{ip}}', { ip: session.ipAddress })}` : ''} · {t('signed in')}{' '}
        <Instant iso={session.createdAt} />
      </p>
    </li>
  );
}

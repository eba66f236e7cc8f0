import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { accountDeletionTexts, type Me } from '@clinic/shared';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { meQueryKey, useMe } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { ChangeEmailForm } from '../../features/auth/components/change-email-form.tsx';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { SignedInSessions } from '../../features/auth/components/signed-in-sessions.tsx';
import { DeleteAccount } from '../../features/profile/components/delete-account.tsx';
import { DownloadMyData } from '../../features/profile/components/download-my-data.tsx';
import { ProfileForm } from '../../features/profile/components/profile-form.tsx';
import { ReminderSettings } from '../../features/profile/components/reminder-settings.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { accountText, useAccountT } from '../../i18n/account.ts';

/** Profile: the account's name and phone, its reminders, and the download of everything held about it. */
export default function DashboardProfileRoute() {
  const t = useAccountT();
  usePageMeta(t('Profile - Doctors Portal'), t('Your name, phone and data at Doctors Portal.'));
  const me = useMe();
  const queryClient = useQueryClient();
  // The saved account is the app's signed-in account from now on (navbar, booking dialog).
  const onSaved = (user: NonNullable<Me>) => queryClient.setQueryData(meQueryKey, user);
  const signOut = useSignOut();
  // The account and its sessions are gone: forget the token and the cached user as signing out does.
  const onAccountDeleted = async () => {
    await signOut('/');
    toast.success(accountText(accountDeletionTexts.deleted));
  };

  return (
    <section className="flex flex-col gap-8">
      <h2 className="text-xl font-semibold">{t('Profile')}</h2>
      {me.isPending ? (
        <Spinner label={t('Loading your profile…')} />
      ) : me.isError ? (
        <LoadFailed
          layout="section"
          error={me.error}
          retryLabel={t('Try again')}
          onRetry={() => void me.refetch()}
        />
      ) : me.data ? (
        <>
          <ProfileForm key={me.data._id} account={me.data} onSaved={onSaved} />
          <ReminderSettings account={me.data} onSaved={onSaved} />
          <section aria-labelledby="my-data-heading" className="flex flex-col gap-2">
            <h3 id="my-data-heading" className="text-lg font-semibold">
              {t('Your data')}
            </h3>
            <DownloadMyData />
          </section>
          <ChangeEmailForm email={me.data.email} />
          <ChangePasswordForm email={me.data.email} />
          <SignedInSessions />
          <Link to="/dashboard/security" className="link self-start text-primary">
            {t('Two-step sign-in: see Security')}
          </Link>
          <DeleteAccount onDeleted={onAccountDeleted} />
        </>
      ) : null}
    </section>
  );
}

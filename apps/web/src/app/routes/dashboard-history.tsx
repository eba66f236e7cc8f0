import { useCallback } from 'react';
import { texts } from '@clinic/shared';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { MyHistory } from '../../features/dashboard/components/my-history.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { useVisitsT } from '../../i18n/visits.ts';

/** My History: the patient's past appointments, 'History loading' while they load (spec section 2). */
export default function DashboardHistoryRoute() {
  const t = useVisitsT();
  usePageMeta(t('My History - Doctors Portal'), t('Your treatment history at Doctors Portal.'));
  const me = useMe();
  const signOut = useSignOut();
  // A refused bookings list (spec section 4): sign out, forget the token, go home.
  const onAccessDenied = useCallback(() => void signOut('/'), [signOut]);
  if (!me.data) {
    return (
      <section className="flex flex-col gap-4">
        <h2 className="text-xl font-semibold">{t('My History')}</h2>
        <p role="status">{t(texts.historyLoading)}</p>
      </section>
    );
  }
  return <MyHistory email={me.data.email} onAccessDenied={onAccessDenied} />;
}

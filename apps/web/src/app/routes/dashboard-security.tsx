import { TwoFactorSettings } from '../../features/auth/components/two-factor-settings.tsx';
import { useSecurityT } from '../../i18n/security.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Security (not in the spec): two-step sign-in for the account. */
export default function DashboardSecurityRoute() {
  const t = useSecurityT();
  usePageMeta(
    t('Security - Doctors Portal'),
    t('Two-step sign-in for your Doctors Portal account.'),
  );
  return (
    <section className="flex flex-col gap-6">
      <h2 className="text-xl font-semibold">{t('Security')}</h2>
      <TwoFactorSettings />
    </section>
  );
}

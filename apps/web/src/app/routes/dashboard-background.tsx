import { BackgroundWork } from '../../features/operations/components/background-work.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Background work (admin): jobs, failures and the mail outbox, reminders included. */
export default function DashboardBackgroundRoute() {
  usePageMeta(
    'Background work - Doctors Portal',
    'The Doctors Portal clinic’s background jobs, failures and scheduled mail, reminders included.',
  );
  return <BackgroundWork />;
}

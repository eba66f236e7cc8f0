import { AuditLog } from '../../features/audit/components/audit-log.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Audit (admin): who did what at Doctors Portal, and when. */
export default function DashboardAuditRoute() {
  usePageMeta('Audit - Doctors Portal', 'Who did what at the Doctors Portal clinic, and when.');
  return <AuditLog />;
}

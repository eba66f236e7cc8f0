import { texts } from '@clinic/shared';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** My History: the placeholder 'History loading' (spec section 2). */
export default function DashboardHistoryRoute() {
  usePageMeta('My History - Doctors Portal', 'Your treatment history at Doctors Portal.');
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-xl font-semibold">My History</h2>
      <p>{texts.historyLoading}</p>
    </section>
  );
}

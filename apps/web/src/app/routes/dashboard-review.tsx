import { usePageMeta } from '../../lib/use-page-meta.ts';

/** My Reviews: placeholder text only (spec section 2). */
export default function DashboardReviewRoute() {
  usePageMeta('My Reviews - Doctors Portal', 'Your reviews of treatments at Doctors Portal.');
  return <h2 className="text-xl font-semibold">My Reviews</h2>;
}

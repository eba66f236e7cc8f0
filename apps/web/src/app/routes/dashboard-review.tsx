import { reviewAuthorName } from '@clinic/shared';
import { useMe } from '../../features/auth/api/get-me.ts';
import { MyReviews } from '../../features/reviews/components/my-reviews.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** My Reviews: the visits to review, and the patient's reviews with what the clinic made of them. */
export default function DashboardReviewRoute() {
  usePageMeta('My Reviews - Doctors Portal', 'Your reviews of treatments at Doctors Portal.');
  const me = useMe();
  return <MyReviews authorName={reviewAuthorName(me.data?.name ?? '')} />;
}

import { reviewAuthorName } from '@clinic/shared';
import { useMe } from '../../features/auth/api/get-me.ts';
import { MyReviews } from '../../features/reviews/components/my-reviews.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { useReviewsT } from '../../i18n/reviews.ts';

/** My Reviews: the visits to review, and the patient's reviews with what the clinic made of them. */
export default function DashboardReviewRoute() {
  const t = useReviewsT();
  usePageMeta(t('My Reviews - Doctors Portal'), t('Your reviews of treatments at Doctors Portal.'));
  const me = useMe();
  return <MyReviews authorName={reviewAuthorName(me.data?.name ?? '')} />;
}

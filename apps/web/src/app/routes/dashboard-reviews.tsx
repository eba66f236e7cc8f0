import { ReviewModeration } from '../../features/moderation/components/review-moderation.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Reviews (admin): patients' reviews to publish or hide. */
export default function DashboardReviewsRoute() {
  usePageMeta(
    'Reviews - Doctors Portal',
    "Patients' reviews of the Doctors Portal clinic, to publish or hide.",
  );
  return <ReviewModeration />;
}

import type { ReviewStatus } from '@clinic/shared';
import { useReviewsT } from '../../../i18n/reviews.ts';
import { statusBadgeClass } from '../utils/review-texts.ts';

/** A status in the patient's words, in their language. */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  const t = useReviewsT();
  const labels: Record<ReviewStatus, string> = {
    pending: t('Waiting for the clinic'),
    published: t('Published'),
    hidden: t('Not published'),
    withdrawn: t('Withdrawn'),
  };
  return (
    <span className={`badge badge-soft badge-sm whitespace-nowrap ${statusBadgeClass[status]}`}>
      {labels[status]}
    </span>
  );
}

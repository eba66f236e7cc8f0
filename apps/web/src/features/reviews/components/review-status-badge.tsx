import type { ReviewStatus } from '@clinic/shared';
import { ownStatusLabels, statusBadgeClass } from '../utils/review-texts.ts';

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <span className={`badge badge-soft badge-sm whitespace-nowrap ${statusBadgeClass[status]}`}>
      {ownStatusLabels[status]}
    </span>
  );
}

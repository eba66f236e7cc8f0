/**
 * How the review screens show a review's status; their words about a review and the visit it is
 * about, in the reader's language, are in use-review-texts.ts and the `reviews` catalog.
 */
import type { ReviewStatus } from '@clinic/shared';

export const statusBadgeClass: Record<ReviewStatus, string> = {
  pending: 'badge-info',
  published: 'badge-success',
  hidden: 'badge-warning',
  withdrawn: 'badge-ghost',
};

/** What the review screens say about a review's status and the visit it is about. */
import type { ReviewStatus, ReviewedVisit } from '@clinic/shared';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';

/** A status in the patient's words. */
export const ownStatusLabels: Record<ReviewStatus, string> = {
  pending: 'Waiting for the clinic',
  published: 'Published',
  hidden: 'Not published',
  withdrawn: 'Withdrawn',
};

export const statusBadgeClass: Record<ReviewStatus, string> = {
  pending: 'badge-info',
  published: 'badge-success',
  hidden: 'badge-warning',
  withdrawn: 'badge-ghost',
};

/** 'Teeth Cleaning on Jun 12, 2030': names a visit in buttons and headings. */
export function visitName(visit: Pick<ReviewedVisit, 'treatment' | 'date'>): string {
  return `${visit.treatment} on ${mediumDateOf(visit.date)}`;
}

/**
 * 'Jun 12, 2030, 08.30 AM - 09.00 AM, with Dr. Ann Lee'; a dependent's visit says whose:
 * '..., for Leo Parent' (practice-loop.md section 7).
 */
export function visitDetails(visit: ReviewedVisit): string {
  const when = `${mediumDateOf(visit.date)}, ${visit.slot}`;
  const withDoctor = visit.doctor ? `${when}, with ${doctorTitle(visit.doctor)}` : when;
  return visit.for ? `${withDoctor}, for ${visit.for}` : withDoctor;
}

/** The text counter under the review: '1,000 characters left', '3 characters too many'. */
export function charactersLeftText(left: number): string {
  const count = Math.abs(left).toLocaleString('en-US');
  const characters = Math.abs(left) === 1 ? 'character' : 'characters';
  return left >= 0 ? `${count} ${characters} left` : `${count} ${characters} too many`;
}

/** How the Recalls worklist words a recall: its status, the messages sent, the empty list. */
import type { RecallStatus } from '@clinic/shared';

export const RECALL_STATUSES: readonly RecallStatus[] = ['due', 'booked', 'dismissed', 'lapsed'];

export const RECALL_STATUS_LABELS: Record<RecallStatus, string> = {
  due: 'Due',
  booked: 'Booked',
  dismissed: 'Dismissed',
  lapsed: 'Lapsed',
};

/** The badge of each status: due wants the desk's attention, booked is done. */
export const RECALL_STATUS_BADGES: Record<RecallStatus, string> = {
  due: 'badge-warning',
  booked: 'badge-success',
  dismissed: 'badge-ghost',
  lapsed: 'badge-neutral',
};

/** What an empty list says, for each status chosen ('' is all of them). */
export const NO_RECALLS_TEXTS: Record<RecallStatus | '', string> = {
  due: 'No patients are due for a check-up.',
  booked: 'No recalled patients have booked yet.',
  dismissed: 'No recalls have been dismissed.',
  lapsed: 'No recalls have lapsed.',
  '': 'No recalls yet.',
};

/** 0 -> 'No messages sent yet', 1 -> '1 message sent', 2 -> '2 messages sent'. */
export function attemptsLabel(attempts: number): string {
  if (attempts <= 0) return 'No messages sent yet';
  return attempts === 1 ? '1 message sent' : `${attempts} messages sent`;
}

/** 1 -> '1 patient', 3 -> '3 patients'. */
export function patientsLabel(count: number): string {
  return count === 1 ? '1 patient' : `${count} patients`;
}

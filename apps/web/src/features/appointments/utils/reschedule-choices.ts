/**
 * The reschedule page's choices from `GET /api/availability`: the doctors (for a treatment that
 * needs one) and the free times a choice of doctor leaves, with the booking's own time marked.
 */
import type { Booking, IsoDate } from '@clinic/shared';
import { ANY_DOCTOR } from '../../../lib/lane-slots.ts';

export { ANY_DOCTOR, slotChoices } from '../../../lib/lane-slots.ts';

/**
 * Whether choosing `slot` on `date` would leave the booking where it is: its own day and time,
 * with its own doctor or any (moving only to another doctor at the same time is a change).
 */
export function isCurrentTime(
  booking: Pick<Booking, 'date' | 'slot' | 'doctor'>,
  date: IsoDate,
  slot: string,
  doctorId: string,
): boolean {
  if (date !== booking.date.slice(0, 10) || slot !== booking.slot) return false;
  return doctorId === ANY_DOCTOR || doctorId === booking.doctor?._id;
}

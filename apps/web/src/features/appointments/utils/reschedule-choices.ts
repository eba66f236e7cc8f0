/**
 * The reschedule page's choices from `GET /api/availability`: the doctors (for a treatment that
 * needs one) and the free times a choice of doctor leaves, with the booking's own time marked.
 */
import type { Availability, Booking, IsoDate } from '@clinic/shared';

type Lane = Availability['lanes'][number];

/** The choice that sends no `doctorId`: the server takes whichever doctor is free. */
export const ANY_DOCTOR = '';

/**
 * The free times for a choice: one doctor's lane, or for any doctor every lane's, in time order
 * and each once (two doctors free at 09.00 are one 09.00 to the patient).
 */
export function slotChoices(lanes: readonly Lane[], doctorId: string): string[] {
  const chosen =
    doctorId === ANY_DOCTOR ? lanes : lanes.filter((lane) => lane.doctor?._id === doctorId);
  const startOf = new Map<string, number>();
  for (const lane of chosen) {
    for (const slot of lane.slots) {
      if (!startOf.has(slot.label)) startOf.set(slot.label, slot.startMin);
    }
  }
  return [...startOf].sort(([, a], [, b]) => a - b).map(([label]) => label);
}

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

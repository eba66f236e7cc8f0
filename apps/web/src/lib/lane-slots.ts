/**
 * The free times of one treatment's lanes (`GET /api/availability`) as a picker offers them: the
 * booking dialog, the patient's reschedule page and the front desk's dialogs all choose so.
 */
import type { Availability } from '@clinic/shared';

type Lane = Availability['lanes'][number];

/** The choice that sends no `doctorId`: the server takes whichever doctor is free. */
export const ANY_DOCTOR = '';

/**
 * The slot labels open to a choice: one doctor's lane, or for any doctor every lane's at once, in
 * time order and each once (two doctors free at 09.00 are one 09.00 to the patient).
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

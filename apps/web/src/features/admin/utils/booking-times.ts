/**
 * The choices of the front desk's booking dialog from one treatment's free times on a day: the
 * doctors of its lanes, and the times open to the doctor chosen (or to any of them).
 */
import type { Availability } from '@clinic/shared';

type Lane = Availability['lanes'][number];

/** The choice that sends no `doctorId`: the server takes whichever doctor is free. */
export const ANY_DOCTOR = '';

export type LaneDoctorChoice = { _id: string; name: string; hasFreeTimes: boolean };

/** The lanes' doctors, each once; none for a treatment that needs no doctor. */
export function laneDoctors(lanes: readonly Lane[]): LaneDoctorChoice[] {
  return lanes.flatMap((lane) =>
    lane.doctor
      ? [{ _id: lane.doctor._id, name: lane.doctor.name, hasFreeTimes: lane.slots.length > 0 }]
      : [],
  );
}

/**
 * The time labels open to a choice: one doctor's lane, or for any doctor every lane's at once,
 * in time order and each once (two doctors free at 09.00 are one 09.00 to the patient).
 */
export function timeChoices(lanes: readonly Lane[], doctorId: string): string[] {
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

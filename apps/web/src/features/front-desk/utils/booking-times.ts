/**
 * The choices of the front desk's booking dialog from one treatment's free times on a day: the
 * doctors of its lanes, and the times open to the doctor chosen (or to any of them).
 */
import type { Availability } from '@clinic/shared';

type Lane = Availability['lanes'][number];

export { ANY_DOCTOR, slotChoices as timeChoices } from '../../../lib/lane-slots.ts';

export type LaneDoctorChoice = { _id: string; name: string; hasFreeTimes: boolean };

/** The lanes' doctors, each once; none for a treatment that needs no doctor. */
export function laneDoctors(lanes: readonly Lane[]): LaneDoctorChoice[] {
  return lanes.flatMap((lane) =>
    lane.doctor
      ? [{ _id: lane.doctor._id, name: lane.doctor.name, hasFreeTimes: lane.slots.length > 0 }]
      : [],
  );
}

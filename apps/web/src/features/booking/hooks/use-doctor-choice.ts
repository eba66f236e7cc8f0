/**
 * The booking dialog's choice of doctor, and the slots it leaves. What a treatment needs comes
 * from `GET /api/availability`, asked when the dialog opens: for one that needs a doctor, the
 * patient may pick one (or any available doctor); for one that does not, or until that answers,
 * or if it fails, the slots are the day list's own, as they have always been.
 */
import { useMemo, useState } from 'react';
import type { Availability, IsoDate, TreatmentAvailability } from '@clinic/shared';
import { useAvailability } from '../api/get-availability.ts';

type Lane = Availability['lanes'][number];
export type LaneDoctor = NonNullable<Lane['doctor']>;
export type DoctorOption = LaneDoctor & { hasFreeSlots: boolean };

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

export type DoctorChoice = {
  /** The treatment's doctors that day; null when it needs none, or that is not known (yet). */
  doctors: DoctorOption[] | null;
  /** A doctor's id, or `ANY_DOCTOR`. */
  doctorId: string;
  setDoctorId: (doctorId: string) => void;
  /** The slot labels to offer for the choice. */
  slots: readonly string[];
};

export function useDoctorChoice(treatment: TreatmentAvailability, date: IsoDate): DoctorChoice {
  const availability = useAvailability(date, treatment._id);
  const [chosenId, setDoctorId] = useState(ANY_DOCTOR);
  const lanes = availability.data?.treatment.requiresDoctor ? availability.data.lanes : null;

  const doctors = useMemo(
    () =>
      lanes?.flatMap((lane) =>
        lane.doctor ? [{ ...lane.doctor, hasFreeSlots: lane.slots.length > 0 }] : [],
      ) ?? null,
    [lanes],
  );
  // A doctor no longer among the lanes when they are asked for again: back to any doctor.
  const doctorId = doctors?.some((doctor) => doctor._id === chosenId) ? chosenId : ANY_DOCTOR;
  const slots = useMemo(
    () => (lanes ? slotChoices(lanes, doctorId) : treatment.slots),
    [lanes, doctorId, treatment.slots],
  );

  return { doctors, doctorId, setDoctorId, slots };
}

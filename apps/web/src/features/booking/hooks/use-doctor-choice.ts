/**
 * The booking dialog's choice of doctor, and the slots it leaves. What a treatment needs comes
 * from `GET /api/availability`, asked when the dialog opens: for one that needs a doctor, the
 * patient may pick one (or any available doctor); for one that does not, or until that answers,
 * or if it fails, the slots are the day list's own, as they have always been.
 */
import { useMemo, useState } from 'react';
import type { IsoDate, TreatmentAvailability } from '@clinic/shared';
import type { DoctorOption } from '../../../components/doctor-field.tsx';
import { useAvailability } from '../../../lib/availability-query.ts';
import { ANY_DOCTOR, slotChoices } from '../../../lib/lane-slots.ts';

export { ANY_DOCTOR, slotChoices } from '../../../lib/lane-slots.ts';

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

/**
 * Whether a treatment needs a doctor, and which doctors perform it, for the join dialog's Doctor
 * select. Read off `GET /api/availability` (the booking dialog's call, and its cache): it names
 * `requiresDoctor` and has a lane per doctor of the treatment, whether or not they are free that
 * day, which does not matter to someone who waits for a time to free up.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability, IsoDate } from '@clinic/shared';
import type { DoctorOption } from '../../../components/doctor-field.tsx';
import { availabilityQueryOptions } from '../../../lib/availability-query.ts';

/** The doctors to offer: none when the treatment needs no doctor (any lane serves). */
export function treatmentDoctorsOf(availability: Availability): DoctorOption[] | null {
  if (!availability.treatment.requiresDoctor) return null;
  return availability.lanes.flatMap((lane) =>
    lane.doctor ? [{ ...lane.doctor, hasFreeSlots: true }] : [],
  );
}

export function treatmentDoctorsQueryOptions(date: IsoDate, treatmentId: string) {
  return queryOptions({
    ...availabilityQueryOptions(date, treatmentId),
    select: treatmentDoctorsOf,
  });
}

/** Asks only once a treatment is chosen. */
export function useTreatmentDoctors(date: IsoDate, treatmentId: string) {
  return useQuery({
    ...treatmentDoctorsQueryOptions(date, treatmentId),
    enabled: treatmentId !== '',
  });
}

/**
 * The doctors' ratings, where patients choose a doctor: `GET /api/doctors/public`, whose doctors
 * carry the average of their published reviews and how many there are (null before the first).
 * One list for every dialog that offers a choice, kept for the query client's five minutes.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicDoctor } from '@clinic/shared';
import { api } from '../lib/api-client.ts';
import { publicDoctorsQueryKey } from '../lib/query-keys.ts';

export type DoctorRating = NonNullable<PublicDoctor['rating']>;
export type DoctorRatings = ReadonlyMap<string, DoctorRating>;

const NO_RATINGS: DoctorRatings = new Map();

export function getPublicDoctors(signal?: AbortSignal): Promise<PublicDoctor[]> {
  return api.get<PublicDoctor[]>('/doctors/public', signal);
}

/** Each rated doctor's rating by their id (a stable function, so the result is kept). */
function ratingsOf(doctors: PublicDoctor[]): DoctorRatings {
  return new Map(doctors.flatMap((doctor) => (doctor.rating ? [[doctor._id, doctor.rating]] : [])));
}

export function doctorRatingsQueryOptions() {
  return queryOptions({
    queryKey: publicDoctorsQueryKey,
    queryFn: ({ signal }) => getPublicDoctors(signal),
    select: ratingsOf,
  });
}

/** The ratings known so far: none while they load, or if they cannot be loaded. */
export function useDoctorRatings(): DoctorRatings {
  return useQuery(doctorRatingsQueryOptions()).data ?? NO_RATINGS;
}

/** '★ 4.7 (12)'. */
export function doctorRatingText({ average, count }: DoctorRating): string {
  return `★ ${average.toFixed(1)} (${count})`;
}

/**
 * `GET /api/doctor` (admin): every doctor with name, specialty and photo URL (spec section 7).
 * Manage Doctors lists them, a doctor's schedule and the treatments name them, and All Users
 * links a doctor's account to one.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Doctor } from '@clinic/shared';
import { api } from './api-client.ts';

export const doctorsQueryKey = ['doctors'] as const;

export function getDoctors(signal?: AbortSignal): Promise<Doctor[]> {
  return api.get<Doctor[]>('/doctor', signal);
}

export function doctorsQueryOptions() {
  return queryOptions({ queryKey: doctorsQueryKey, queryFn: ({ signal }) => getDoctors(signal) });
}

export function useDoctors() {
  return useQuery(doctorsQueryOptions());
}

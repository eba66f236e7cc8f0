/** Whether an account's role may change as asked (practice-loop.md section 2): pure, for PUT /api/admin/users/:id/role. */
import type { Role } from '@clinic/shared';

export interface RoleChange {
  role: Role;
  /** Required for `doctor` (the schema's rule), absent for every other role. */
  doctorId?: string;
}

export type RoleDecision = { kind: 'change' } | { kind: 'unchanged' } | { kind: 'refused'; reason: string };

export const LAST_ADMIN = 'The clinic needs at least one admin.';
export const DOCTOR_TAKEN = 'Another account already works as this doctor.';

/**
 * `admins`: how many admins there are now (locked), when the account is one of them;
 * `doctorTaken`: another account already works as the doctor asked for.
 */
export function decideRoleChange(
  from: { role: Role; doctorId: string | null },
  to: RoleChange,
  { admins, doctorTaken }: { admins: number; doctorTaken: boolean },
): RoleDecision {
  const toDoctorId = to.role === 'doctor' ? (to.doctorId ?? null) : null;
  if (from.role === to.role && from.doctorId === toDoctorId) return { kind: 'unchanged' };
  if (from.role === 'admin' && to.role !== 'admin' && admins <= 1) return { kind: 'refused', reason: LAST_ADMIN };
  if (toDoctorId !== null && doctorTaken) return { kind: 'refused', reason: DOCTOR_TAKEN };
  return { kind: 'change' };
}

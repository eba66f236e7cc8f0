/**
 * Who may do what (design practice-loop.md section 2), in one table. Routes declare the
 * capability they need (`config: { access }`, caller.ts), services ask `scopeOf` where they widen
 * access beyond the caller's own data. Pure: no database, no request.
 */
import { ErrorCode, type Role, isStaffRole } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';

/**
 * - `frontDesk`: the front desk's CSV, booking for a patient, cancel, reschedule.
 * - `laneAppointments`: the front desk's list and its statuses (completed, no-show), the part a
 *   doctor has of it for their own lane.
 * - `patientBookings`: another patient's bookings (`GET /api/booking?patient=`, `GET /api/booking/:id`).
 * - `doctorDay`: a doctor's day (`GET /api/staff/day`).
 * - `ownBlockedTime`: a doctor's own blocked time.
 * - `healthRecords`: a patient's medical history and consents (practice-loop.md section 6.3): a
 *   doctor for the patients of their own lane, the owner for all; never the front desk.
 * - `clinicAdmin`: treatments, hours, closures, doctors, users and roles, reviews, outbox,
 *   background work, audit, backups: the owner's keys.
 */
export const CAPABILITIES = ['frontDesk', 'laneAppointments', 'patientBookings', 'doctorDay', 'ownBlockedTime', 'healthRecords', 'clinicAdmin'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/**
 * How far a role reaches with a capability: `all` (every patient, every doctor), `ownLane` (the
 * bookings and the day of the doctor the account works as), `none`. A patient's own data is
 * everyone's and not part of this table.
 */
export type Scope = 'all' | 'ownLane' | 'none';

/** The table (the design's front desk row is `frontDesk` and `laneAppointments` here). */
export const PERMISSIONS: Readonly<Record<Capability, Readonly<Record<Role, Scope>>>> = {
  frontDesk: { user: 'none', receptionist: 'all', doctor: 'none', admin: 'all' },
  laneAppointments: { user: 'none', receptionist: 'all', doctor: 'ownLane', admin: 'all' },
  patientBookings: { user: 'none', receptionist: 'all', doctor: 'ownLane', admin: 'all' },
  doctorDay: { user: 'none', receptionist: 'all', doctor: 'ownLane', admin: 'all' },
  ownBlockedTime: { user: 'none', receptionist: 'none', doctor: 'ownLane', admin: 'all' },
  healthRecords: { user: 'none', receptionist: 'none', doctor: 'ownLane', admin: 'all' },
  clinicAdmin: { user: 'none', receptionist: 'none', doctor: 'none', admin: 'all' },
};

/** What a caller's powers are made of (the Caller, or a service test's hand-made one). */
export interface RoleHolder {
  role: Role;
  /** Held to a patient's powers until the session passes a second factor (REQUIRE_STAFF_2FA). */
  staffNeedsTwoFactor?: boolean;
}

/** The role whose powers the caller has: its own, or a patient's while REQUIRE_STAFF_2FA holds it back. */
export function actingRole({ role, staffNeedsTwoFactor }: RoleHolder): Role {
  return staffNeedsTwoFactor ? 'user' : role;
}

export function scopeOf(caller: RoleHolder, capability: Capability): Scope {
  return PERMISSIONS[capability][actingRole(caller)];
}

/** The role may use the capability at all, before REQUIRE_STAFF_2FA is considered. */
export function roleMayUse(role: Role, capability: Capability): boolean {
  return PERMISSIONS[capability][role] !== 'none';
}

/**
 * REQUIRE_STAFF_2FA (decision 024's rule, for every staff role): a staff account counts as staff
 * only with two-step sign-in on and a session whose sign-in passed the second factor.
 */
export function staffNeedsTwoFactor(
  role: Role,
  { requireStaffTwoFactor, twoFactorEnabled, sessionPassedSecondFactor }: { requireStaffTwoFactor: boolean; twoFactorEnabled: boolean; sessionPassedSecondFactor: boolean },
): boolean {
  return isStaffRole(role) && requireStaffTwoFactor && !(twoFactorEnabled && sessionPassedSecondFactor);
}

/**
 * Whether a booking on `doctorId`'s lane is within the caller's reach for a capability (the
 * patient's own bookings are decided by the caller of this, not here).
 */
export function reachesLane(caller: RoleHolder & { doctorId?: string | null }, capability: Capability, doctorId: string | null): boolean {
  const scope = scopeOf(caller, capability);
  if (scope === 'all') return true;
  if (scope === 'ownLane') return !!caller.doctorId && caller.doctorId === doctorId;
  return false;
}

/**
 * The doctor's lane a request of a lane-scoped capability is about: for `all`, the doctor asked
 * for (or none, unless `choose` says one must be named: a 400 with that message); for `ownLane`,
 * the caller's own (another doctor's is a 403 with `ownOnly`; an account linked to no doctor has
 * none); for `none`, a 403.
 */
export function laneFor(
  caller: RoleHolder & { doctorId?: string | null },
  capability: Capability,
  asked: string | undefined,
  messages: { ownOnly: string; choose?: string },
): string | undefined {
  const scope = scopeOf(caller, capability);
  if (scope === 'all') {
    if (!asked && messages.choose) throw new AppError(ErrorCode.VALIDATION, messages.choose, { errors: { doctorId: ['Choose the doctor'] } });
    return asked;
  }
  if (scope === 'ownLane') {
    if (!caller.doctorId) throw new AppError(ErrorCode.FORBIDDEN, 'Your account is not linked to a doctor yet: ask the clinic’s admin.');
    if (asked && asked !== caller.doctorId) throw new AppError(ErrorCode.FORBIDDEN, messages.ownOnly);
    return caller.doctorId;
  }
  throw new AppError(ErrorCode.FORBIDDEN, 'Your role may not do this.');
}

import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@clinic/shared';
import { CAPABILITIES, PERMISSIONS, actingRole, reachesLane, roleMayUse, scopeOf, staffNeedsTwoFactor, type Capability, type Scope } from './permissions.ts';

/** The design's table (practice-loop.md section 2), row by row, as this server serves it. */
const TABLE: Record<Capability, Record<Role, Scope>> = {
  // The design's front desk row: a doctor has its list and statuses for their own lane only.
  frontDesk: { user: 'none', receptionist: 'all', doctor: 'none', admin: 'all' },
  laneAppointments: { user: 'none', receptionist: 'all', doctor: 'ownLane', admin: 'all' },
  patientBookings: { user: 'none', receptionist: 'all', doctor: 'ownLane', admin: 'all' },
  doctorDay: { user: 'none', receptionist: 'all', doctor: 'ownLane', admin: 'all' },
  ownBlockedTime: { user: 'none', receptionist: 'none', doctor: 'ownLane', admin: 'all' },
  // Section 6.3: the doctor of one of the patient's bookings and the owner read health data; the
  // front desk sees only whether the forms are complete.
  healthRecords: { user: 'none', receptionist: 'none', doctor: 'ownLane', admin: 'all' },
  clinicAdmin: { user: 'none', receptionist: 'none', doctor: 'none', admin: 'all' },
};

describe('the permission table', () => {
  it('has a row for every capability and a column for every role', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...CAPABILITIES].sort());
    for (const capability of CAPABILITIES) expect(Object.keys(PERMISSIONS[capability]).sort()).toEqual([...ROLES].sort());
  });

  for (const capability of CAPABILITIES) {
    it(`${capability}: ${ROLES.map((r) => `${r} ${TABLE[capability][r]}`).join(', ')}`, () => {
      for (const role of ROLES) {
        expect(scopeOf({ role }, capability), role).toBe(TABLE[capability][role]);
        expect(roleMayUse(role, capability), role).toBe(TABLE[capability][role] !== 'none');
      }
    });
  }

  it('gives a staff account held back by REQUIRE_STAFF_2FA a patient’s powers, whatever its role', () => {
    for (const role of ROLES) {
      expect(actingRole({ role, staffNeedsTwoFactor: true })).toBe('user');
      expect(actingRole({ role, staffNeedsTwoFactor: false })).toBe(role);
      for (const capability of CAPABILITIES) expect(scopeOf({ role, staffNeedsTwoFactor: true }, capability)).toBe('none');
      // What the role could do is still known, to say "turn on two-step sign-in" rather than "forbidden".
      for (const capability of CAPABILITIES) expect(roleMayUse(role, capability)).toBe(TABLE[capability][role] !== 'none');
    }
  });
});

describe('staffNeedsTwoFactor', () => {
  const on = { requireStaffTwoFactor: true, twoFactorEnabled: true, sessionPassedSecondFactor: true };
  it('holds back every staff role without two-step sign-in, or whose session did not pass it, when required', () => {
    for (const role of ['receptionist', 'doctor', 'admin'] as const) {
      expect(staffNeedsTwoFactor(role, on), role).toBe(false);
      expect(staffNeedsTwoFactor(role, { ...on, twoFactorEnabled: false }), role).toBe(true);
      expect(staffNeedsTwoFactor(role, { ...on, sessionPassedSecondFactor: false }), role).toBe(true);
      expect(staffNeedsTwoFactor(role, { requireStaffTwoFactor: false, twoFactorEnabled: false, sessionPassedSecondFactor: false }), role).toBe(false);
    }
  });
  it('never holds back a patient', () => {
    expect(staffNeedsTwoFactor('user', { requireStaffTwoFactor: true, twoFactorEnabled: false, sessionPassedSecondFactor: false })).toBe(false);
  });
});

describe('reachesLane', () => {
  const laneA = '00000000-0000-4000-8000-00000000000a';
  const laneB = '00000000-0000-4000-8000-00000000000b';
  it('reaches every lane with `all`, the own doctor’s lane with `ownLane`, none without', () => {
    expect(reachesLane({ role: 'receptionist' }, 'patientBookings', laneA)).toBe(true);
    expect(reachesLane({ role: 'receptionist' }, 'patientBookings', null)).toBe(true);
    expect(reachesLane({ role: 'doctor', doctorId: laneA }, 'patientBookings', laneA)).toBe(true);
    expect(reachesLane({ role: 'doctor', doctorId: laneA }, 'patientBookings', laneB)).toBe(false);
    expect(reachesLane({ role: 'doctor', doctorId: laneA }, 'patientBookings', null)).toBe(false);
    expect(reachesLane({ role: 'user' }, 'patientBookings', laneA)).toBe(false);
  });
  it('gives a doctor account linked to no doctor no lane at all', () => {
    expect(reachesLane({ role: 'doctor', doctorId: null }, 'patientBookings', null)).toBe(false);
    expect(reachesLane({ role: 'doctor' }, 'doctorDay', null)).toBe(false);
  });
  it('gives a held-back staff account no lane', () => {
    expect(reachesLane({ role: 'admin', staffNeedsTwoFactor: true }, 'patientBookings', laneA)).toBe(false);
    expect(reachesLane({ role: 'doctor', doctorId: laneA, staffNeedsTwoFactor: true }, 'patientBookings', laneA)).toBe(false);
  });
});

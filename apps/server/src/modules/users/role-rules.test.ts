import { describe, expect, it } from 'vitest';
import { DOCTOR_TAKEN, LAST_ADMIN, decideRoleChange } from './role-rules.ts';

const ADA = '00000000-0000-4000-8000-00000000000a';
const BO = '00000000-0000-4000-8000-00000000000b';
const free = { admins: 2, doctorTaken: false };

describe('decideRoleChange', () => {
  it('changes a patient to any staff role', () => {
    for (const role of ['receptionist', 'admin'] as const) expect(decideRoleChange({ role: 'user', doctorId: null }, { role }, free)).toEqual({ kind: 'change' });
    expect(decideRoleChange({ role: 'user', doctorId: null }, { role: 'doctor', doctorId: ADA }, free)).toEqual({ kind: 'change' });
  });

  it('leaves an account already so as it is', () => {
    expect(decideRoleChange({ role: 'receptionist', doctorId: null }, { role: 'receptionist' }, free)).toEqual({ kind: 'unchanged' });
    expect(decideRoleChange({ role: 'doctor', doctorId: ADA }, { role: 'doctor', doctorId: ADA }, { admins: 1, doctorTaken: false })).toEqual({ kind: 'unchanged' });
    expect(decideRoleChange({ role: 'admin', doctorId: null }, { role: 'admin' }, { admins: 1, doctorTaken: false })).toEqual({ kind: 'unchanged' });
  });

  it('moves a doctor’s account to another doctor', () => {
    expect(decideRoleChange({ role: 'doctor', doctorId: ADA }, { role: 'doctor', doctorId: BO }, free)).toEqual({ kind: 'change' });
  });

  it('never takes the role from the last admin, and lets one of two go', () => {
    for (const role of ['user', 'receptionist'] as const) {
      expect(decideRoleChange({ role: 'admin', doctorId: null }, { role }, { admins: 1, doctorTaken: false })).toEqual({ kind: 'refused', reason: LAST_ADMIN });
      expect(decideRoleChange({ role: 'admin', doctorId: null }, { role }, { admins: 2, doctorTaken: false })).toEqual({ kind: 'change' });
    }
    expect(decideRoleChange({ role: 'admin', doctorId: null }, { role: 'doctor', doctorId: ADA }, { admins: 1, doctorTaken: false })).toEqual({ kind: 'refused', reason: LAST_ADMIN });
  });

  it('gives a doctor one account: another account working as them refuses the change', () => {
    expect(decideRoleChange({ role: 'user', doctorId: null }, { role: 'doctor', doctorId: ADA }, { admins: 2, doctorTaken: true })).toEqual({ kind: 'refused', reason: DOCTOR_TAKEN });
    // Demoting is never refused for the doctor's sake.
    expect(decideRoleChange({ role: 'doctor', doctorId: ADA }, { role: 'user' }, { admins: 2, doctorTaken: true })).toEqual({ kind: 'change' });
  });
});

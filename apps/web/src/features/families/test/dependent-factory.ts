/** A family member as `GET /api/me/dependents` answers, for the tests of the families feature. */
import type { Dependent } from '@clinic/shared';

export function dependentFactory(overrides: Partial<Dependent> = {}): Dependent {
  return {
    _id: 'd1',
    name: 'Leo Patient',
    dateOfBirth: '2019-03-04',
    relationship: 'Son',
    guardians: [{ name: 'Pat Patient', email: 'pat@example.com', you: true }],
    upcoming: 0,
    canHandOver: false,
    ...overrides,
  };
}

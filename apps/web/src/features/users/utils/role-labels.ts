import type { Role } from '@clinic/shared';

/** How a role reads on the screens (the API's value is `user` for a patient). */
export const roleLabels: Record<Role, string> = {
  user: 'Patient',
  receptionist: 'Receptionist',
  doctor: 'Doctor',
  admin: 'Admin',
};

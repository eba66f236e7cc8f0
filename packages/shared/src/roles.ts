/** Staff roles (design practice-loop.md section 2): who an account is to the clinic. */
import { z } from 'zod';
import { nameSchema, serverEmailSchema, uuidSchema } from './validation.ts';

/** `user` is a patient (the spec's default role); `admin` is the spec's admin, the clinic's owner. */
export const ROLES = ['user', 'receptionist', 'doctor', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The roles that work for the clinic; REQUIRE_STAFF_2FA asks each of them for a second factor. */
export const STAFF_ROLES = ['receptionist', 'doctor', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** A stored role as the API knows it: anything unknown (written by hand, say) is a patient's. */
export const parseRole = (role: string | null | undefined): Role => roleSchema.safeParse(role).data ?? 'user';

/** An account as the owner's user management sees it (`doctorId` for a doctor's account). */
export const staffUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  doctorId: z.string().nullable(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const staffUserResponseSchema = z.object({ user: staffUserSchema });

const DOCTOR_ID_REQUIRED = 'Choose the doctor this account works as';
const DOCTOR_ID_ONLY_FOR_DOCTORS = 'Only a doctor’s account works as a doctor';

/** A role with its doctor: `doctorId` is given for `doctor` and for no other role. */
function withDoctor<T extends { role: Role; doctorId?: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.role === 'doctor' && !value.doctorId) ctx.addIssue({ code: 'custom', path: ['doctorId'], message: DOCTOR_ID_REQUIRED });
  if (value.role !== 'doctor' && value.doctorId) ctx.addIssue({ code: 'custom', path: ['doctorId'], message: DOCTOR_ID_ONLY_FOR_DOCTORS });
}

/** `PUT /api/admin/users/:id/role`. */
export const setRoleRequestSchema = z.object({ role: roleSchema, doctorId: uuidSchema.optional() }).superRefine(withDoctor);
export type SetRoleRequest = z.input<typeof setRoleRequestSchema>;

/** `:id` of an account (Better Auth's ids are not UUIDs). */
export const userIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** `POST /api/admin/staff`: an existing account gets the role; a new address gets an account and a welcome mail. */
export const staffInviteRequestSchema = z
  .object({ email: serverEmailSchema, name: nameSchema, role: roleSchema.exclude(['user']), doctorId: uuidSchema.optional() })
  .superRefine(withDoctor);
export type StaffInviteRequest = z.input<typeof staffInviteRequestSchema>;

/**
 * Families (design practice-loop.md section 7): dependents, patients without a login whom their
 * guardians manage, book for, and fill forms for; a second guardian invited by mail; the handover
 * of a dependent's record to their own account from DEPENDENT_HANDOVER_AGE.
 */
import { z } from 'zod';
import { isAcceptedDate } from './dates.ts';
import { nameSchema, oneLine, passwordSchema, serverEmailSchema } from './validation.ts';

/** A day of birth, `YYYY-MM-DD`; whether it lies in the past is the server's check (its clock). */
export const dateOfBirthSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth as YYYY-MM-DD')
  .refine((iso) => isAcceptedDate(iso) && iso >= '1900-01-01', 'Enter a real date of birth');

export const relationshipSchema = oneLine(z.string().trim().max(40, 'Must be 40 characters or shorter'));

/** `POST /api/me/dependents`. */
export const dependentInputSchema = z.object({
  name: nameSchema,
  dateOfBirth: dateOfBirthSchema,
  /** How the dependent is related to the guardian ("Son", "Daughter", "Ward"): free text, optional. */
  relationship: relationshipSchema.optional(),
});
export type DependentInput = z.input<typeof dependentInputSchema>;

/** `PATCH /api/me/dependents/:id`: any of the fields. */
export const dependentPatchSchema = dependentInputSchema.partial();
export type DependentPatch = z.input<typeof dependentPatchSchema>;

export const dependentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  dateOfBirth: z.string(),
  /** The caller's own words for the relationship; empty when none was given. */
  relationship: z.string(),
  /** Every guardian, the caller included; `you` marks the caller. */
  guardians: z.array(z.object({ name: z.string(), email: z.string(), you: z.boolean() })),
  /** Confirmed bookings from today on. */
  upcoming: z.number().int(),
  /** Old enough (DEPENDENT_HANDOVER_AGE) for a guardian to hand the record over to the dependent's own address. */
  canHandOver: z.boolean(),
});
export type Dependent = z.infer<typeof dependentSchema>;
export const dependentListSchema = z.array(dependentSchema);

/** `DELETE /api/me/dependents/:id?cancelFuture=true`: cancels their upcoming bookings with it. */
export const dependentDeleteQuerySchema = z.object({ cancelFuture: z.enum(['true', 'false']).optional() });

/** `POST /api/me/dependents/:id/guardians` and `.../handover`: the address the invitation goes to. */
export const invitationRequestSchema = z.object({ email: serverEmailSchema });
export type InvitationRequest = z.input<typeof invitationRequestSchema>;
export const invitationSentSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/**
 * `POST /api/links/:token/accept`. A `guardian` invitation is accepted by a signed-in account
 * whose address it was sent to (no body); a `handover` invitation by the dependent, who chooses a
 * password for the account it becomes.
 */
export const linkAcceptRequestSchema = z.object({ password: passwordSchema.optional() });
export type LinkAcceptRequest = z.input<typeof linkAcceptRequestSchema>;

/** Whose a booking is, when it is a dependent's (My Appointments shows whose; null: the account holder's). */
export const bookingDependentSchema = z.object({ _id: z.string(), name: z.string() }).nullable();

/** Who to call about a dependent's booking: on every staff view of it. */
export const guardianContactSchema = z.object({ name: z.string(), email: z.string(), phone: z.string() });
export type GuardianContact = z.infer<typeof guardianContactSchema>;

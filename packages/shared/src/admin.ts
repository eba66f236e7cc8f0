/** Admin API shapes: users, roles, doctors, photo upload (spec sections 2, 3, 5, 7), the audit log and the outbox. */
import { z } from 'zod';
import { messages } from './messages.ts';
import { SPEC_EMAIL_PATTERN, nameSchema } from './validation.ts';

export const userListItemSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  /** The doctor a doctor's account works as (practice-loop.md section 2); absent for other roles. */
  doctorId: z.string().optional(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/**
 * `GET /api/user`'s optional narrowing (not in the spec): `q` searches names and addresses, and
 * `limit`/`offset` page the list (by address); the answer then carries `X-Total-Count`, the
 * matches in all. Without any of them the answer is the spec's: every account.
 */
export const userListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });
export const insertedIdSchema = z.object({ insertedId: z.string() });

/** The spec's email rule (searched pattern, lowercased first) plus a standard address check. */
const doctorEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { message: messages.emailRequired, abort: true })
  .regex(SPEC_EMAIL_PATTERN, { message: messages.emailInvalid, abort: true })
  .pipe(z.email({ message: messages.emailInvalid }).max(254));

export const doctorRequestSchema = z.object({
  name: nameSchema,
  email: doctorEmailSchema,
  /** The spec sets no rule on the specialty. */
  specialty: z.string().trim().max(100).optional().default(''),
  img: z.string().trim().min(1, { message: messages.imageRequired, abort: true }).max(500),
});
export type DoctorRequest = z.input<typeof doctorRequestSchema>;

/** `PATCH /api/doctor/:id`: a typo in the name, a new specialty label or photo; the address stays. */
export const doctorUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    specialty: z.string().trim().max(100).optional(),
    img: z.string().trim().min(1, { message: messages.imageRequired, abort: true }).max(500).optional(),
  })
  .refine((d) => d.name !== undefined || d.specialty !== undefined || d.img !== undefined, 'Change at least one of name, specialty and photo');
export type DoctorUpdate = z.input<typeof doctorUpdateSchema>;
export const doctorIdParamSchema = z.object({ id: z.string() });

export const doctorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  specialty: z.string(),
  img: z.string(),
});
export type Doctor = z.infer<typeof doctorSchema>;

/** Our image host answers like the spec's: `{ success, data: { url } }`. */
export const imageUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});

/** Photos the image host accepts, recognised by content. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_EDGE = 512;

/** One entry of `GET /api/audit` (newest first); `actor` is the address recorded with the action. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  detail: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/audit`: optional filters (exact actor email, target, action), `before` to page back. */
export const auditQuerySchema = z.object({
  actor: z.string().trim().max(320).optional(),
  target: z.string().trim().max(320).optional(),
  action: z.string().trim().max(100).optional(),
  before: z.iso.datetime({ offset: true, message: 'Give an ISO date-time such as 2030-06-05T10:00:00Z' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One mail of `GET /api/outbox` (newest first) and its delivery state; never its body. */
export const outboxEntrySchema = z.object({
  _id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Not sent before this (a reminder's due time, or the next try). */
  notBefore: z.string().optional(),
  /** The booking the mail is about (confirmations, reminders, changes); null for the others. */
  bookingId: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

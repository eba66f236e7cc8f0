/**
 * Recall (design practice-loop.md section 4): a completed visit of a treatment with
 * `recallMonths` makes the patient due again; messages before and after the due date each carry
 * a `recall` link; any booking of that treatment closes it, and its cancellation reopens it.
 * The front desk works through the due ones on the Recalls worklist.
 */
import { z } from 'zod';
import { dateInputSchema } from './booking.ts';
import { reasonSchema, uuidSchema } from './validation.ts';

export const recallStatusSchema = z.enum(['due', 'booked', 'dismissed', 'lapsed']);
export type RecallStatus = z.infer<typeof recallStatusSchema>;

export const recallSchema = z.object({
  _id: z.string(),
  treatmentId: z.string(),
  treatment: z.string(),
  /** ISO date the patient is due (the completed visit's date plus the treatment's months). */
  dueDate: z.string(),
  status: recallStatusSchema,
  /** Messages sent so far (the first before the due date, then the follow-ups). */
  attempts: z.number().int(),
  /** The last message or the front desk's last call, whichever was later. */
  lastContactedAt: z.string().nullable(),
  snoozedUntil: z.string().nullable(),
  /** The front desk's note (a call's outcome, why it was dismissed). */
  note: z.string(),
  createdAt: z.string(),
});
export type Recall = z.infer<typeof recallSchema>;

export const adminRecallsQuerySchema = z.object({
  status: recallStatusSchema.optional(),
  /** Due dates from, to (inclusive). */
  from: dateInputSchema.optional(),
  to: dateInputSchema.optional(),
  treatmentId: uuidSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminRecallsQuery = z.input<typeof adminRecallsQuerySchema>;

export const adminRecallItemSchema = z.object({
  recall: recallSchema,
  patient: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  /** The visit that made the patient due. */
  lastVisit: z.object({ date: z.string(), slot: z.string(), treatment: z.string() }).nullable(),
});
export type AdminRecallItem = z.infer<typeof adminRecallItemSchema>;

export const adminRecallsPageSchema = z.object({ items: z.array(adminRecallItemSchema), nextCursor: z.string().nullable() });
export type AdminRecallsPage = z.infer<typeof adminRecallsPageSchema>;

export const recallDismissRequestSchema = z.object({ status: z.literal('dismissed'), note: reasonSchema(500).optional() });
export type RecallDismissRequest = z.input<typeof recallDismissRequestSchema>;

export const recallContactedRequestSchema = z.object({ channel: z.enum(['phone', 'mail']), note: reasonSchema(500).optional() });
export type RecallContactedRequest = z.input<typeof recallContactedRequestSchema>;

export const recallIdParamsSchema = z.object({ id: z.string().max(100) });

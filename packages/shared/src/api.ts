/** Request and response shapes of the JSON API, shared by the server's routes and the web client. */
import { z } from 'zod';
import { diskSpaceSchema } from './disk.ts';
import { localeSchema } from './account.ts';
import { paymentModeSchema } from './payment.ts';
import { contactFormSchema, serverEmailSchema } from './validation.ts';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** `test` while no Stripe keys are set: bookings are marked paid and no money is taken. */
  payments: paymentModeSchema,
  /** Free space under DATA_DIR and BACKUP_DIR (embedded database only; absent on PostgreSQL). */
  disk: diskSpaceSchema.optional(),
});

/** Each readiness check's state; every one `ok` means the instance may take traffic. */
export const readinessChecksSchema = z.object({
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
  /** The LISTEN connection that tells this instance of other instances' changes. */
  listener: z.enum(['ok', 'disconnected']),
});
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  checks: readinessChecksSchema,
});

export const emailParamsSchema = z.object({ email: serverEmailSchema });

/** `PUT /api/user/:email`: the spec's body is `{ email }`; it must name the same address. */
export const userTokenBodySchema = z.object({ email: serverEmailSchema }).partial();
export const userTokenResponseSchema = z.object({ token: z.string() });

export const adminResponseSchema = z.object({ admin: z.boolean() });

export const contactRequestSchema = contactFormSchema;
export const contactResponseSchema = z.object({ success: z.literal(true), _id: z.string() });
export const contactMessageSchema = z.object({
  _id: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** The signed-in account as the web app sees it. */
export const meResponseSchema = z.object({
  user: z
    .object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      /** `user` (a patient), `receptionist`, `doctor` or `admin` (practice-loop.md section 2). */
      role: z.string(),
      /** A doctor's account only: the doctor it works as (its lane), null when it is linked to none. */
      doctorId: z.string().nullable().optional(),
      /** Set on the profile page ('' when none); pre-fills the booking dialog. */
      phone: z.string().optional(),
      /** Sign-in asks this account for a second factor (the Security page). */
      twoFactorEnabled: z.boolean().optional(),
      /** The patient turned appointment reminders off (the profile page). */
      remindersOptOut: z.boolean().optional(),
      /** The patient turned check-up recall messages off (the profile page, or a recall link's Stop). */
      recallOptOut: z.boolean().optional(),
      /** The patient takes reminders and recalls by text too, at their phone (practice-loop.md section 5). */
      smsOptIn: z.boolean().optional(),
      /** The account's language (`PATCH /api/me {locale}`); null: none chosen, mails use the clinic's DEFAULT_LOCALE. */
      locale: localeSchema.nullable().optional(),
    })
    .nullable(),
});
export type Me = z.infer<typeof meResponseSchema>['user'];

export const serviceSchema = z.object({ _id: z.string(), name: z.string() });
export type Service = z.infer<typeof serviceSchema>;

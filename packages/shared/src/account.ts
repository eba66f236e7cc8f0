/** The patient's own account: the profile they edit and the export of everything held about them. */
import { z } from 'zod';
import { LOCALES } from './locales.ts';
import { nameSchema, phoneSchema } from './validation.ts';

/** An account's language: one of ours (`PATCH /api/me {locale}`, DEFAULT_LOCALE). */
export const localeSchema = z.enum(LOCALES, { message: 'Choose one of the languages: en, es or de' });

/** `PATCH /api/me`: any of the fields (reminders on or off too); the name and phone follow the sign-up and booking rules. */
export const profileUpdateSchema = z
  .object({
    name: nameSchema,
    phone: phoneSchema,
    remindersOptOut: z.boolean(),
    recallOptOut: z.boolean(),
    /** Reminders and recalls by text too (practice-loop.md section 5): needs a phone in E.164. */
    smsOptIn: z.boolean(),
    /** The language of the account's mails and pages (practice-loop.md section 9); null: the clinic's DEFAULT_LOCALE. */
    locale: localeSchema.nullable(),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const ACCOUNT_EXPORT_FORMAT = 'doctors-portal-export/1';

/** `doctors-portal-export-YYYY-MM-DD.json`, dated by the day of the export (UTC). */
export const accountExportFileName = (exportedAt: Date | string) =>
  `doctors-portal-export-${new Date(exportedAt).toISOString().slice(0, 10)}.json`;

const isoDateTime = z.string();

/**
 * `GET /api/me/export`: one versioned document with what the clinic holds about the caller
 * (design section 5.7). No secrets (tokens, hashes) and nothing about anyone else: audit entries
 * name the actor's role, never the admin's address.
 */
export const accountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  exportedAt: isoDateTime,
  account: z.object({
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    createdAt: isoDateTime,
    role: z.string(),
    phone: z.string().optional(),
  }),
  /** Provider ids only (`credential`, `google`). */
  signInMethods: z.array(z.string()),
  sessions: z.array(
    z.object({
      createdAt: isoDateTime,
      updatedAt: isoDateTime,
      expiresAt: isoDateTime,
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  bookings: z.array(
    z.object({
      _id: z.string(),
      treatment: z.string(),
      date: z.string(),
      slot: z.string(),
      price: z.number(),
      status: z.string(),
      paid: z.boolean(),
      patientName: z.string(),
      patientEmail: z.string(),
      phone: z.string(),
      transactionId: z.string().nullable(),
      createdAt: isoDateTime,
    }),
  ),
  payments: z.array(
    z.object({
      bookingId: z.string(),
      provider: z.string(),
      providerRef: z.string(),
      amountCents: z.number().int(),
      status: z.string(),
      createdAt: isoDateTime,
    }),
  ),
  /** Mails queued to the account's address: what kind, the subject, when, and whether sent. */
  mails: z.array(
    z.object({ kind: z.string(), subject: z.string(), createdAt: isoDateTime, status: z.string() }),
  ),
  /** Waitlist entries, any status (optional: exports before the waitlist have none). */
  waitlist: z
    .array(z.object({ treatment: z.string(), from: z.string(), to: z.string(), status: z.string(), createdAt: isoDateTime }))
    .optional(),
  /** Check-up recalls (optional: exports before recall have none). */
  recalls: z
    .array(z.object({ treatment: z.string(), dueDate: z.string(), status: z.string(), attempts: z.number().int(), note: z.string(), createdAt: isoDateTime }))
    .optional(),
  /** "Please call me" requests made from a link in a message (optional, as above). */
  callbacks: z
    .array(z.object({ bookingId: z.string(), note: z.string(), createdAt: isoDateTime, resolvedAt: isoDateTime.nullable() }))
    .optional(),
  /** Medical histories filled in, each with its signature (optional: exports before intake have none). */
  medicalHistory: z
    .array(z.object({ version: z.number().int(), answers: z.record(z.string(), z.unknown()), typedName: z.string(), submittedAt: isoDateTime, sha256: z.string() }))
    .optional(),
  /** Consents signed for bookings (optional, as above). */
  consents: z
    .array(z.object({ bookingId: z.string(), treatment: z.string(), date: z.string(), version: z.number().int(), text: z.string(), typedName: z.string(), signedAt: isoDateTime, sha256: z.string() }))
    .optional(),
  /**
   * The dependents the account manages (practice-loop.md section 7), each with their own
   * bookings, recalls and forms (optional: exports before families have none).
   */
  dependents: z
    .array(
      z.object({
        name: z.string(),
        dateOfBirth: z.string(),
        relationship: z.string(),
        bookings: z.array(z.object({ _id: z.string(), treatment: z.string(), date: z.string(), slot: z.string(), price: z.number(), status: z.string(), paid: z.boolean(), createdAt: isoDateTime })),
        recalls: z.array(z.object({ treatment: z.string(), dueDate: z.string(), status: z.string() })),
        medicalHistory: z.array(z.object({ version: z.number().int(), answers: z.record(z.string(), z.unknown()), typedName: z.string(), submittedAt: isoDateTime, sha256: z.string() })),
        consents: z.array(z.object({ bookingId: z.string(), treatment: z.string(), date: z.string(), version: z.number().int(), text: z.string(), typedName: z.string(), signedAt: isoDateTime, sha256: z.string() })),
      }),
    )
    .optional(),
  contactMessages: z.array(
    z.object({ subject: z.string(), message: z.string(), createdAt: isoDateTime }),
  ),
  auditEntries: z.array(
    z.object({ action: z.string(), createdAt: isoDateTime, actorRole: z.string() }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** A Google-only account may delete itself within this long of signing in (design section 3.3). */
export const FRESH_SIGN_IN_MINUTES = 10;

/**
 * `DELETE /api/me`: the password again, for an account that has one. An account that signs in
 * only with Google sends none and must have signed in within FRESH_SIGN_IN_MINUTES.
 */
export const accountDeletionSchema = z.object({ password: z.string().max(128).optional() });
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** The answer: the account is gone, and what the clinic keeps, each with why. */
export const accountDeletedSchema = z.object({
  erased: z.literal(true),
  kept: z.array(z.string()),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

export const accountDeletionTexts = {
  passwordNeeded: 'Please enter your password to delete your account.',
  wrongPassword: 'That password is not correct.',
  signInAgain: `Please sign in with Google again, then delete your account within ${FRESH_SIGN_IN_MINUTES} minutes.`,
  lastAdmin: 'The clinic needs at least one admin: make someone else an admin first.',
  deleted: 'Your account has been deleted.',
} as const;

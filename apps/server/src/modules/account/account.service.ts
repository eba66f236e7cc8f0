/**
 * The signed-in person's own account: the profile they edit (name, phone) and the export of
 * everything the clinic holds about them (design section 5.7). The export gathers each module's
 * part through that module's service.
 */
import {
  ACCOUNT_EXPORT_FORMAT,
  ErrorCode,
  FRESH_SIGN_IN_MINUTES,
  accountDeletionTexts,
  e164Of,
  type AccountDeleted,
  type AccountExport,
  type ProfileUpdate,
} from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { Caller } from '../identity/caller.ts';
import type { AccountProfile } from '../identity/me.routes.ts';
import { listAuditAbout, recordAudit } from '../audit/audit.service.ts';
import type { BookingService } from '../booking/booking.service.ts';
import type { ContactService } from '../contact/contact.service.ts';
import type { SignInLimits } from '../identity/sign-in-limits.ts';
import { exportMailsOf } from '../mail/mail.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';
import {
  countAdmins,
  deleteRetainedIdentitiesBefore,
  findAccount,
  isSessionFresh,
  listSessionsOf,
  listSignInMethods,
  updateProfile,
} from './account.repository.ts';
import type { AccountErasure } from './erase-account.service.ts';
import { dependentRowsOf, firstGuardianOf } from '../families/family-reads.ts';

export { RETENTION_LEGAL_BASIS } from './erase-account.service.ts';

/** Exports per account: enough to retry a failed download, not enough to hammer the database. */
export const EXPORT_LIMIT = { max: 3, windowSeconds: 3600 };

/** Who acted, as the export names them: the person themself, or the role of someone else. */
export function actorRoleOf(
  entry: { actorId: string; actorRole: string | null },
  userId: string,
): string {
  if (entry.actorId === userId) return 'self';
  return entry.actorRole ?? 'removed account';
}

/** What an erasure kept, in the words its answer uses (each says why). */
export function keptSummary(
  counts: { bookings: number; payments: number; mails: number },
  retentionDays: number,
): string[] {
  const years = Math.round((retentionDays / 365) * 10) / 10;
  const kept: string[] = [];
  if (counts.bookings > 0) {
    kept.push(
      `bookings: ${counts.bookings} (paid or attended), kept without your name for the clinic's records; ` +
        `the name and contact on them are held apart, shown nowhere, and deleted after ${years} years as the law allows`,
    );
  }
  if (counts.payments > 0) {
    kept.push(
      `payments: ${counts.payments} (amount, date and reference only), kept for the clinic's accounts`,
    );
  }
  if (counts.mails > 0)
    kept.push(`mails sent: ${counts.mails} (kind and date only, no address or content)`);
  kept.push('audit log: a record that an account was deleted, without your details');
  return kept;
}

export interface AccountServiceDeps {
  db: Db;
  now: () => Date;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  booking: Pick<BookingService, 'exportOf'>;
  payments: Pick<PaymentsService, 'exportOf'>;
  contact: Pick<ContactService, 'exportOf'>;
  /** The erasure an admin's removal shares (erase-account.service.ts). */
  erasure: AccountErasure;
  /** The patient's waitlist entries, for the export (the entries go with the account: a cascade). */
  waitlistOf?: (patientId: string) => Promise<NonNullable<AccountExport['waitlist']>>;
  /** The account's recalls and callbacks (recall and links modules, built after this one). */
  recallsOf?: (patientId: string) => Promise<NonNullable<AccountExport['recalls']>>;
  callbacksOf?: (patientId: string) => Promise<NonNullable<AccountExport['callbacks']>>;
  /** The account's medical histories and consents (forms module, built after this one). */
  formsOf?: (patientId: string) => Promise<Pick<AccountExport, 'medicalHistory' | 'consents'>>;
  /** Wrong passwords count like sign-in's (per account failures, per address caps). */
  signInLimits: Pick<SignInLimits, 'begin'>;
  /** Better Auth's check of the signed-in account's password (`headers` carry its session). */
  verifyPassword: (headers: Headers, password: string) => Promise<boolean>;
  /** PATIENT_DATA_RETENTION_DAYS, as the answer words it. */
  retentionDays: number;
  /** SMS_PROVIDER is set: a patient may take reminders and recalls by text (practice-loop.md section 5). */
  textMessages?: boolean;
}

/** The request `DELETE /api/me` is, as the service needs it. */
export interface DeletionRequest {
  password?: string;
  headers: Headers;
  ip: string;
}

export function createAccountService(deps: AccountServiceDeps) {
  const { db, now, rateLimiter } = deps;

  async function requireAccount(caller: Caller) {
    const account = await findAccount(db, caller.userId);
    // The session was read this request; the account going since is a signed-out caller.
    if (!account) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in first.');
    return account;
  }

  const me = (account: NonNullable<Awaited<ReturnType<typeof findAccount>>>) => ({
    _id: account.id,
    name: account.name,
    email: account.email,
    role: account.role,
    phone: account.phone,
    remindersOptOut: account.remindersOptOut,
    recallOptOut: account.recallOptOut,
    smsOptIn: account.smsPhone !== null,
    locale: account.locale ?? null,
  });

  /**
   * The number texts go to after an update (`users.sms_phone`, null: none): turning texts on, or
   * changing the phone while they are on, needs a phone in E.164 (spaces and dashes allowed).
   */
  function smsPhoneAfter(account: { phone: string; smsPhone: string | null }, update: ProfileUpdate): string | null | undefined {
    const wanted = update.smsOptIn ?? (account.smsPhone !== null ? true : undefined);
    if (wanted === undefined || (update.smsOptIn === undefined && update.phone === undefined)) return undefined;
    if (!wanted) return null;
    if (!deps.textMessages) {
      throw new AppError(ErrorCode.VALIDATION, 'This clinic does not send text messages.', { errors: { smsOptIn: ['This clinic does not send text messages'] } });
    }
    const e164 = e164Of(update.phone ?? account.phone);
    if (!e164) {
      const message = 'To get text messages, enter your phone in international format, such as +14155550123';
      throw new AppError(ErrorCode.VALIDATION, `${message}.`, { errors: { phone: [message] } });
    }
    return e164;
  }

  /**
   * The caller proves again who they are: the password for an account that has one (its
   * failures counted like sign-in's), else a sign-in at most FRESH_SIGN_IN_MINUTES old.
   */
  async function requireReauthentication(caller: Caller, request: DeletionRequest) {
    const methods = await listSignInMethods(db, caller.userId);
    if (methods.includes('credential')) {
      if (!request.password)
        throw new AppError(ErrorCode.REAUTH_REQUIRED, accountDeletionTexts.passwordNeeded);
      const finish = await deps.signInLimits.begin('sign-in', request.ip, caller.email);
      const isCorrect = await deps.verifyPassword(request.headers, request.password);
      await finish(isCorrect);
      if (!isCorrect)
        throw new AppError(ErrorCode.REAUTH_REQUIRED, accountDeletionTexts.wrongPassword);
      return;
    }
    if (!(await isSessionFresh(db, caller.sessionId, FRESH_SIGN_IN_MINUTES * 60))) {
      throw new AppError(ErrorCode.REAUTH_REQUIRED, accountDeletionTexts.signInAgain);
    }
  }

  /** The dependents the account manages, each with their own bookings, recalls and forms (section 7). */
  async function exportDependentsOf(accountId: string) {
    return Promise.all(
      (await dependentRowsOf(db, accountId)).map(async (d) => {
        const [bookings, recalls, forms] = await Promise.all([deps.booking.exportOf(d.id), deps.recallsOf?.(d.id) ?? [], deps.formsOf?.(d.id) ?? ({} as Pick<AccountExport, 'medicalHistory' | 'consents'>)]);
        return {
          name: d.name,
          dateOfBirth: d.dateOfBirth,
          relationship: d.relationship,
          bookings: bookings.map((b) => ({ _id: b._id, treatment: b.treatment, date: b.date, slot: b.slot, price: b.price, status: b.status, paid: b.paid, createdAt: b.createdAt })),
          recalls: recalls.map((r) => ({ treatment: r.treatment, dueDate: r.dueDate, status: r.status })),
          medicalHistory: forms.medicalHistory ?? [],
          consents: forms.consents ?? [],
        };
      }),
    );
  }

  return {
    /**
     * `DELETE /api/me` (design section 5.7), in one transaction: the shared erasure
     * (erase-account.service.ts; refunds do not run here, so a paid upcoming booking is kept as
     * paid). The audit entry names the account by id only. The caller's sessions are gone with it.
     */
    async deleteAccount(caller: Caller, request: DeletionRequest): Promise<AccountDeleted> {
      await requireReauthentication(caller, request);
      const counts = await inTransaction(db, async (work) => {
        const { tx } = work;
        const account = await findAccount(tx, caller.userId);
        if (!account) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in first.');
        if (account.role === 'admin' && (await countAdmins(tx)) <= 1) {
          throw new AppError(ErrorCode.CONFLICT, accountDeletionTexts.lastAdmin);
        }
        const erased = await deps.erasure.erase(work, account, { kind: 'patient', id: account.id, email: '' });
        await recordAudit(tx, {
          actorId: account.id,
          // The log keeps that it happened, not who the person was (design section 5.7).
          actorEmail: '',
          action: 'me.delete',
          target: account.id,
          detail: {
            cancelledBookings: erased.cancelledBookings,
            keptBookings: erased.keptBookings,
            deletedBookings: erased.deletedBookings,
            role: account.role,
          },
        });
        return { bookings: erased.keptBookings, payments: erased.keptPayments, mails: erased.keptMails };
      });
      return { erased: true, kept: keptSummary(counts, deps.retentionDays) };
    },

    /**
     * Deletes the retained identities past their `retain_until` (design section 5.7). Idempotent
     * and safe on several instances at once: each runs the same single DELETE.
     */
    purgeExpiredRetention(): Promise<number> {
      return deleteRetainedIdentitiesBefore(db, now());
    },

    /** The account a link in a message acts for (links module), if it still exists. */
    async patientOf(userId: string) {
      const account = await findAccount(db, userId);
      if (!account) return null;
      // A dependent's mail goes to their first guardian, who also books for them (section 7).
      const guardian = account.kind === 'dependent' ? await firstGuardianOf(db, account.id) : null;
      return {
        id: account.id, email: guardian?.email ?? account.email, name: account.name, emailVerified: account.emailVerified || guardian !== null,
        role: account.role, phone: guardian?.phone ?? account.phone, guardianId: guardian?.id ?? null,
      };
    },

    /** The phone on the caller's profile ('' when none), for `GET /api/me`. */
    async phoneOf(caller: Caller): Promise<string> {
      return (await findAccount(db, caller.userId))?.phone ?? '';
    },

    /** What `GET /api/me` adds to the session's user: the phone, the reminder choices and the language. */
    async profileOf(caller: Caller): Promise<AccountProfile> {
      const account = await findAccount(db, caller.userId);
      return {
        phone: account?.phone ?? '',
        remindersOptOut: account?.remindersOptOut ?? false,
        recallOptOut: account?.recallOptOut ?? false,
        smsOptIn: (account?.smsPhone ?? null) !== null,
        locale: account?.locale ?? null,
      };
    },

    /** `PATCH /api/me`: the fields given (already checked by the shared schema), then the account. */
    async updateProfile(caller: Caller, update: ProfileUpdate) {
      const { smsOptIn: _smsOptIn, ...profile } = update;
      const fields: Parameters<typeof updateProfile>[2] = Object.fromEntries(
        Object.entries(profile).filter(([, value]) => value !== undefined),
      );
      const smsPhone = smsPhoneAfter(await requireAccount(caller), update);
      if (smsPhone !== undefined) fields.smsPhone = smsPhone;
      if (Object.keys(fields).length > 0) await updateProfile(db, caller.userId, fields);
      return me(await requireAccount(caller));
    },

    /** `GET /api/me/export`: 3 per hour per account, audited. */
    async exportOf(caller: Caller): Promise<AccountExport> {
      await rateLimiter.consume([{ key: `export:account:${caller.userId}`, ...EXPORT_LIMIT }]);
      const account = await requireAccount(caller);
      const [signInMethods, sessions, bookings, payments, mails, contactMessages, waitlist, recalls, callbacks, forms] =
        await Promise.all([
          listSignInMethods(db, account.id),
          listSessionsOf(db, account.id),
          deps.booking.exportOf(account.id),
          deps.payments.exportOf(account.id),
          exportMailsOf(db, account.id),
          deps.contact.exportOf(account.id),
          deps.waitlistOf?.(account.id) ?? [],
          deps.recallsOf?.(account.id) ?? [],
          deps.callbacksOf?.(account.id) ?? [],
          deps.formsOf?.(account.id) ?? {},
        ]);
      const dependents = await exportDependentsOf(account.id);
      // Entries about the person name their id or one of their bookings; never their address,
      // which another account may have held when the entry was written.
      const audit = await listAuditAbout(db, [account.id, ...bookings.map((b) => b._id)]);
      await recordAudit(db, {
        actorId: caller.userId,
        actorEmail: caller.email,
        action: 'me.export',
        target: account.id,
      });
      const iso = (d: Date) => d.toISOString();
      return {
        format: ACCOUNT_EXPORT_FORMAT,
        exportedAt: iso(now()),
        account: {
          name: account.name,
          email: account.email,
          emailVerified: account.emailVerified,
          createdAt: iso(account.createdAt),
          role: account.role,
          ...(account.phone ? { phone: account.phone } : {}),
        },
        signInMethods,
        sessions: sessions.map((s) => ({
          createdAt: iso(s.createdAt),
          updatedAt: iso(s.updatedAt),
          expiresAt: iso(s.expiresAt),
          ipAddress: s.ipAddress,
          userAgent: s.userAgent,
        })),
        bookings,
        payments,
        mails,
        contactMessages,
        waitlist,
        recalls,
        callbacks,
        ...forms,
        ...(dependents.length > 0 ? { dependents } : {}),
        auditEntries: audit.map((e) => ({
          action: e.action,
          createdAt: iso(e.createdAt),
          actorRole: actorRoleOf(e, account.id),
        })),
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

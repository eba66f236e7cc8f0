/**
 * The signed-in person's own account: the profile they edit (name, phone) and the export of
 * everything the clinic holds about them (design section 5.7). The export gathers each module's
 * part through that module's service; mail and audit have no service of their own (their routes
 * read their repositories too), so their two read queries are called here directly.
 */
import {
  ACCOUNT_EXPORT_FORMAT,
  ErrorCode,
  type AccountExport,
  type ProfileUpdate,
} from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Caller } from '../../plugins/caller.ts';
import { appendAudit, listAuditAbout } from '../audit/audit.repository.ts';
import type { BookingService } from '../booking/booking.service.ts';
import type { ContactService } from '../contact/contact.service.ts';
import { listMailsTo } from '../mail/outbox.repository.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';
import {
  findAccount,
  listSessionsOf,
  listSignInMethods,
  updateProfile,
} from './account.repository.ts';

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

export interface AccountServiceDeps {
  db: Db;
  now: () => Date;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  booking: Pick<BookingService, 'exportOf'>;
  payments: Pick<PaymentsService, 'exportOf'>;
  contact: Pick<ContactService, 'exportOf'>;
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
  });

  return {
    /** The phone on the caller's profile ('' when none), for `GET /api/me`. */
    async phoneOf(caller: Caller): Promise<string> {
      return (await findAccount(db, caller.userId))?.phone ?? '';
    },

    /** `PATCH /api/me`: the fields given (already checked by the shared schema), then the account. */
    async updateProfile(caller: Caller, update: ProfileUpdate) {
      const fields = Object.fromEntries(
        Object.entries(update).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(fields).length > 0) await updateProfile(db, caller.userId, fields);
      return me(await requireAccount(caller));
    },

    /** `GET /api/me/export`: 3 per hour per account, audited. */
    async exportOf(caller: Caller): Promise<AccountExport> {
      await rateLimiter.consume([{ key: `export:account:${caller.userId}`, ...EXPORT_LIMIT }]);
      const account = await requireAccount(caller);
      const [signInMethods, sessions, bookings, payments, mails, contactMessages] =
        await Promise.all([
          listSignInMethods(db, account.id),
          listSessionsOf(db, account.id),
          deps.booking.exportOf(account.id),
          deps.payments.exportOf(account.id),
          listMailsTo(db, account.email),
          deps.contact.exportOf(account.email),
        ]);
      // Entries about the person name them by address or id, or name one of their bookings.
      const audit = await listAuditAbout(db, [
        account.email,
        account.id,
        ...bookings.map((b) => b._id),
      ]);
      await appendAudit(db, {
        actorId: caller.userId,
        actorEmail: caller.email,
        action: 'me.export',
        target: account.email,
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
        mails: mails.map((m) => ({
          kind: m.kind,
          subject: m.subject,
          createdAt: iso(m.createdAt),
          status: m.status,
        })),
        contactMessages,
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

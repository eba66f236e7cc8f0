import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

export interface NewAuditEntry {
  actorId: string;
  actorEmail: string;
  action: string;
  target: string;
  detail?: Record<string, unknown>;
}

/** Appends one entry; pass the transaction of the action so both commit or neither. */
export async function appendAudit(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, detail: entry.detail ?? {} });
}

/** The latest entries, newest first, narrowed by the filters given. */
export function listAudit(db: Db, filter: { actor?: string; target?: string; action?: string; before?: Date; limit: number }) {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        filter.actor ? sql`lower(${auditLog.actorEmail}) = ${filter.actor.toLowerCase()}` : undefined,
        filter.target ? eq(auditLog.target, filter.target) : undefined,
        filter.action ? eq(auditLog.action, filter.action) : undefined,
        filter.before ? lt(auditLog.createdAt, filter.before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit);
}

/**
 * The entries whose target is one of `targets` (an account's email and id, its bookings' ids),
 * oldest first, each with its actor's role now (null once the actor's account is gone): the
 * account's export names who acted by role, never by address.
 */
export function listAuditAbout(db: Db, targets: string[]) {
  return db
    .select({ action: auditLog.action, actorId: auditLog.actorId, actorRole: users.role, createdAt: auditLog.createdAt })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(inArray(auditLog.target, targets))
    .orderBy(asc(auditLog.createdAt));
}

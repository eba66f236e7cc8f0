/**
 * The audit log, for every other module: they record their actions and read the entries about
 * a person here, never through the repository. Writes take the action's transaction, so the
 * action and its entry commit together or not at all.
 */
import type { AuditEntry, AuditQuery } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import {
  appendAudit,
  listAudit,
  listAuditAbout as selectAuditAbout,
  type NewAuditEntry,
} from './audit.repository.ts';

export type { NewAuditEntry };

/** Appends one entry; pass the transaction of the action so both commit or neither. */
export function recordAudit(tx: Db, entry: NewAuditEntry): Promise<void> {
  return appendAudit(tx, entry);
}

/** The latest entries, newest first, as `GET /api/audit` answers them (the latest 100 without filters). */
export async function listRecentAudit(db: Db, query: Partial<AuditQuery> = {}): Promise<AuditEntry[]> {
  const filter = { ...query, before: query.before ? new Date(query.before) : undefined, limit: query.limit ?? 100 };
  return (await listAudit(db, filter)).map((e) => ({
    _id: e.id,
    actor: e.actorEmail,
    action: e.action,
    target: e.target,
    detail: e.detail,
    at: e.createdAt.toISOString(),
  }));
}

/**
 * The entries whose target is one of `targets` (an account's email and id, its bookings' ids),
 * oldest first, each with its actor's role now (null once the actor's account is gone): the
 * account's export names who acted by role, never by address.
 */
export function listAuditAbout(
  db: Db,
  targets: string[],
): Promise<{ action: string; actorId: string; actorRole: string | null; createdAt: Date }[]> {
  return selectAuditAbout(db, targets);
}

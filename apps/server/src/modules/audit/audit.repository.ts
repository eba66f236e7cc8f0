import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export interface AuditEntry {
  actorId: string;
  actorEmail: string;
  action: string;
  target: string;
  detail?: Record<string, unknown>;
}

/** Appends one entry; pass the transaction of the action so both commit or neither. */
export async function appendAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, detail: entry.detail ?? {} });
}

export function listAudit(db: Db, limit = 100) {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
}

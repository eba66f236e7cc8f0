/**
 * Recall (design practice-loop.md section 4): patients due again after a completed visit, the
 * messages that bring them back (a minute tick of the job engine, each message once across
 * instances, none in quiet hours), and the front desk's worklist.
 *
 * The booking module calls the hooks in its own transactions (`createRecallHooks`), so a recall
 * is closed by exactly the booking that commits, and reopened by exactly its cancellation.
 */
import { ErrorCode, addDays, minutesNowInZone, todayInZone, type AdminRecallItem, type AdminRecallsPage, type Recall } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { RecallHooks } from '../booking/booking-ports.ts';
import type { Caller } from '../identity/caller.ts';
import type { MailService } from '../mail/mail.service.ts';
import { isQuiet, type QuietHours } from '../reminders/reminder-rules.ts';
import { recallPlaceholder } from '../links/link-placeholders.ts';
import { addMonths, stageToSend, type RecallSettings } from './recall-rules.ts';
import {
  claimStage,
  deleteUntouchedFrom,
  findRecall,
  lapseSilent,
  listForAdmin,
  listMessageable,
  markBookedWrites,
  recallMonthsOf,
  recallsOf,
  reopen,
  updateRecall,
  upsertDue,
  type RecallRow,
} from './recall.repository.ts';

/** A month after the last message without a booking, the recall lapses. */
const LAPSE_AFTER_MS = 30 * 24 * 3_600_000;

/** The booking module's hooks: nothing but the database, so bookings can be built before recall. */
export function createRecallHooks(): RecallHooks {
  return {
    async completed(tx, rows) {
      const owned = rows.filter((r) => r.patientId !== null && r.status === 'completed');
      const months = await recallMonthsOf(tx, [...new Set(owned.map((r) => r.treatmentId))]);
      await upsertDue(
        tx,
        owned.flatMap((r) => {
          const m = months.get(r.treatmentId);
          return m ? [{ patientId: r.patientId!, treatmentId: r.treatmentId, dueDate: addMonths(r.date, m), sourceBookingId: r.id }] : [];
        }),
      );
    },
    uncompleted: (tx, ids) => deleteUntouchedFrom(tx, ids),
    booked: markBookedWrites,
    released: (tx, ids) => reopen(tx, ids),
  };
}

export interface RecallDeps {
  db: Db;
  now: () => Date;
  timeZone: string;
  settings: RecallSettings;
  /** REMINDER_QUIET_HOURS: no recall message goes out in them (the next tick after does). */
  quietHours: QuietHours | null;
  mail: Pick<MailService, 'queueRecall'>;
}

export function toRecall(row: RecallRow, treatment: string): Recall {
  return {
    _id: row.id,
    treatmentId: row.treatmentId,
    treatment,
    dueDate: row.dueDate,
    status: row.status,
    attempts: row.attempts,
    lastContactedAt: row.lastContactedAt?.toISOString() ?? null,
    snoozedUntil: row.snoozedUntil,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

const encodeCursor = (r: RecallRow) => Buffer.from(JSON.stringify([r.dueDate, r.id])).toString('base64url');
function decodeCursor(cursor: string): { dueDate: string; id: string } {
  try {
    const [dueDate, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string];
    if (/^\d{4}-\d{2}-\d{2}$/.test(dueDate) && isUuid(id)) return { dueDate, id };
  } catch {
    // falls through to the 400 below
  }
  throw new AppError(ErrorCode.VALIDATION, 'This cursor is not one the list gave.');
}

export function createRecallService(deps: RecallDeps) {
  const { db, now, timeZone, settings, quietHours, mail } = deps;
  const totalStages = 1 + settings.followupDays.length;
  const today = () => todayInZone(now(), timeZone);

  async function item(id: string): Promise<AdminRecallItem> {
    const [row] = await listForAdmin(db, { id, limit: 1 });
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such recall.');
    return toItem(row);
  }
  const toItem = (r: Awaited<ReturnType<typeof listForAdmin>>[number]): AdminRecallItem => ({
    recall: toRecall(r.recall, r.treatment),
    patient: r.patient,
    lastVisit: r.lastVisit?.date ? { date: r.lastVisit.date, slot: r.lastVisit.slot!, treatment: r.lastVisit.treatment! } : null,
  });

  async function requireRecall(id: string) {
    const found = isUuid(id) ? await findRecall(db, id) : undefined;
    if (!found) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such recall.');
    return found;
  }

  return {
    /**
     * `tick.recall`, every minute: each due recall's message of the day, once. The stage is
     * claimed by a conditional update in the transaction that queues the mail (keyed too), so
     * two instances ticking at once send it once. Nothing goes in quiet hours.
     */
    async tick(): Promise<{ sent: number; lapsed: number }> {
      const at = now();
      const lapsed = await lapseSilent(db, totalStages, new Date(at.getTime() - LAPSE_AFTER_MS));
      if (isQuiet(quietHours, minutesNowInZone(at, timeZone))) return { sent: 0, lapsed };
      const day = today();
      let sent = 0;
      for (const { recall, email, name, treatment } of await listMessageable(db, addDays(day, settings.leadDays), totalStages)) {
        const stage = stageToSend(recall, day, settings);
        if (stage === null) continue;
        const claimed = await db.transaction(async (tx) => {
          if (!(await claimStage(tx, recall.id, recall.attempts, stage, at))) return false;
          await mail.queueRecall(tx, { id: recall.id, userId: recall.patientId, email, name, treatment, dueDate: recall.dueDate, stage, linkPlaceholder: recallPlaceholder(recall.id) });
          return true;
        });
        if (claimed) sent++;
      }
      return { sent, lapsed };
    },

    /** What a recall link needs: the recall, its treatment's name. */
    async forLink(id: string) {
      return findRecall(db, id);
    },

    /** "Not now": no message until `days` from today. */
    async snooze(id: string, days = 30): Promise<void> {
      await updateRecall(db, id, { snoozedUntil: addDays(today(), days) });
    },

    /** `GET /api/admin/recalls`: a read of patients' contact details, audited. */
    async list(caller: Caller, q: { status?: RecallRow['status']; from?: string; to?: string; treatmentId?: string; cursor?: string; limit: number }): Promise<AdminRecallsPage> {
      const rows = await listForAdmin(db, { ...q, after: q.cursor ? decodeCursor(q.cursor) : undefined, limit: q.limit + 1 });
      const page = rows.slice(0, q.limit);
      await recordAudit(db, {
        actorId: caller.userId, actorEmail: caller.email, action: 'recall.read-list', target: 'recalls',
        detail: { status: q.status, from: q.from, to: q.to, treatmentId: q.treatmentId, count: page.length },
      });
      const last = page.at(-1);
      return { items: page.map(toItem), nextCursor: rows.length > q.limit && last ? encodeCursor(last.recall) : null };
    },

    async dismiss(caller: Caller, id: string, note?: string): Promise<AdminRecallItem> {
      await requireRecall(id);
      await updateRecall(db, id, { status: 'dismissed', ...(note ? { note } : {}) });
      await recordAudit(db, { actorId: caller.userId, actorEmail: caller.email, action: 'recall.dismiss', target: id, detail: { note: note ?? '' } });
      return item(id);
    },

    async contacted(caller: Caller, id: string, channel: 'phone' | 'mail', note?: string): Promise<AdminRecallItem> {
      await requireRecall(id);
      await updateRecall(db, id, { lastContactedAt: now(), ...(note ? { note } : {}) });
      await recordAudit(db, { actorId: caller.userId, actorEmail: caller.email, action: 'recall.contacted', target: id, detail: { channel, note: note ?? '' } });
      return item(id);
    },

    /** A patient's recalls, as their export lists them. */
    async exportOf(patientId: string) {
      return (await recallsOf(db, patientId)).map((r) => toRecall(r.recall, r.treatment));
    },
  };
}

export type RecallService = ReturnType<typeof createRecallService>;

/**
 * The front desk's list of bookings (design section 3.4) and its CSV: a date range with filters,
 * one keyset page at a time, each read of patient data audited with its filter.
 */
import { guardianContactsOf } from '../families/family-reads.ts';
import { clock24, ErrorCode, slotStartMinutes, type AdminBookingsPage, type Booking, type BookingForms } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Caller } from '../identity/caller.ts';
import type { RefundsService } from '../payments/refunds.service.ts';
import { fitsIn } from '../../lib/spans.ts';
import { clinicOpen, laneOpen } from '../schedule/schedule-rules.ts';
import type { ScheduleSnapshot } from '../schedule/schedule-snapshot.ts';
import { listBookingsForAdmin, type AdminBookingFilter, type BookingRow } from './booking.repository.ts';
import { csvCell } from './csv-cell.ts';

/** A slot's start on a 24-hour clock ('' for a label that is not a slot). */
const startClock = (slot: string) => {
  const min = slotStartMinutes(slot);
  return min === null ? '' : clock24(min);
};

/** Who cancelled, as the CSV says it (the row's `cancelled_by`). */
const CANCELLED_BY = { patient: 'patient', admin: 'clinic', system: 'clinic (automatic)' } as const;

/** The front desk's list query as the route gives it: the repository's filter, paged by an opaque cursor. */
export type AdminListQuery = Omit<AdminBookingFilter, 'after'> & { cursor?: string };

export interface FrontDeskListDeps {
  db: Db;
  schedule: ScheduleSnapshot;
  refunds: Pick<RefundsService, 'summaries'>;
  /** The rows as the API answers them. */
  dtos(rows: BookingRow[]): Promise<Booking[]>;
  /** Of these bookings, those whose patient asked to be called back and is still waiting (the links module's). */
  openCallbacks(bookingIds: readonly string[]): Promise<ReadonlySet<string>>;
  /** Each booking's forms (complete or missing) and its patient's alerts (the forms module's; absent: none shown). */
  intakeFlags?: (rows: readonly BookingRow[]) => Promise<ReadonlyMap<string, { forms: BookingForms; alerts: string[] }>>;
  /** The doctor the list is narrowed to for this caller (a doctor's own lane). */
  laneFilter(caller: Caller, asked: string | undefined): string | undefined;
}

export function createFrontDeskList(deps: FrontDeskListDeps) {
  const { db, schedule, refunds, dtos, laneFilter, openCallbacks, intakeFlags } = deps;

  const list = {
    /**
     * The front desk's list (design section 3.4): a date range with filters, in (starts_at, id)
     * order, one page at a time (keyset: `nextCursor`); one audit entry per request, with its filter.
     */
    async adminList(caller: Caller, query: AdminListQuery, audit: 'audit' | 'no-audit' = 'audit'): Promise<AdminBookingsPage> {
      const q = { ...query, doctorId: laneFilter(caller, query.doctorId) };
      const after = q.cursor ? decodeCursor(q.cursor) : undefined;
      const rows = await listBookingsForAdmin(db, { ...q, after, limit: q.limit + 1 });
      const page = rows.slice(0, q.limit);
      if (audit === 'audit') {
        await recordAudit(db, {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'booking.read-admin-list',
          target: 'bookings',
          detail: { role: caller.role, from: q.from, to: q.to, status: q.status, confirmation: q.confirmation, doctorId: q.doctorId, treatmentId: q.treatmentId, q: q.q, count: page.length },
        });
      }
      const s = await schedule.get();
      const ids = page.map((r) => r.id);
      const dependents = page.flatMap((r) => (r.bookedBy && r.patientId ? [r.patientId] : []));
      const [summaries, callbackOpen, intake, guardians] = await Promise.all([refunds.summaries(ids), openCallbacks(ids), intakeFlags?.(page), guardianContactsOf(db, dependents)]);
      const items = (await dtos(page)).map((dto, i) => {
        const row = page[i]!;
        const open = laneOpen(s, row.laneId, row.date, clinicOpen(s, row.date));
        return {
          ...dto,
          patientAccount: { name: row.patientName, email: row.patientEmail, phone: row.phone },
          outsideHours: row.status === 'confirmed' && !fitsIn(open, { start: row.startMin, end: row.endMin }),
          payment: { paid: row.paid, refunded: (summaries.get(row.id)?.refundedCents ?? 0) / 100 },
          cancelReason: row.cancelReason,
          patientConfirmedAt: row.patientConfirmedAt?.toISOString() ?? null,
          arrivedAt: row.arrivedAt?.toISOString() ?? null,
          callbackOpen: callbackOpen.has(row.id),
          // A dependent's booking: the guardian to call (practice-loop.md section 7).
          guardian: (row.patientId && guardians.get(row.patientId)) || null,
          ...intake?.get(row.id),
        };
      });
      const last = page[page.length - 1];
      return { items, nextCursor: rows.length > q.limit && last ? encodeCursor(last) : null };
    },

    /**
     * The same list as CSV (RFC 4180), every page of it, cells guarded against formula injection.
     * A byte-order mark first, so that Excel reads it as UTF-8 (accented names); `Start` is the
     * date and 24-hour time, which sorts as text; a cancelled booking says who cancelled and why.
     */
    async adminCsv(caller: Caller, q: Omit<AdminListQuery, 'cursor' | 'limit'>): Promise<string> {
      const lines = [[
        'Date', 'Time', 'Status', 'Treatment', 'Doctor', 'Patient', 'Email', 'Phone', 'Price', 'Paid', 'Refunded', 'Outside hours', 'Id',
        'Start', 'Cancelled by', 'Cancel reason',
      ]];
      let cursor: string | undefined;
      for (let pages = 0; pages < 500; pages++) {
        const page = await list.adminList(caller, { ...q, cursor, limit: 200 }, 'no-audit');
        for (const b of page.items) {
          lines.push([
            b.date, b.slot, b.status, b.treatment, b.doctor?.name ?? '', b.patientAccount.name, b.patientAccount.email,
            b.patientAccount.phone, b.price.toFixed(2), b.paid ? 'yes' : 'no', b.payment.refunded.toFixed(2), b.outsideHours ? 'yes' : 'no', b._id,
            `${b.date} ${startClock(b.slot)}`, b.status === 'cancelled' ? CANCELLED_BY[b.cancelledBy ?? 'system'] : '', b.cancelReason ?? '',
          ]);
        }
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      // One export, one entry (ASVS 16.3.2: a read of patient data with its filter).
      await recordAudit(db, {
        actorId: caller.userId,
        actorEmail: caller.email,
        action: 'booking.export-csv',
        target: 'bookings',
        detail: { role: caller.role, from: q.from, to: q.to, status: q.status, confirmation: q.confirmation, doctorId: q.doctorId, treatmentId: q.treatmentId, q: q.q, count: lines.length - 1 },
      });
      return '\uFEFF' + lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
    },
  };
  return list;
}

/** A page's last (starts_at, id), opaque to clients. */
function encodeCursor(row: BookingRow): string {
  return Buffer.from(`${row.startsAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { startsAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const startsAt = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(startsAt.getTime())) {
    throw new AppError(ErrorCode.VALIDATION, 'That page cursor is not one this list gave.', { errors: { cursor: ['Not a valid cursor'] } });
  }
  return { startsAt, id };
}

/**
 * Reading bookings: a patient's own (or, within the caller's reach, another's), one with its
 * history, its calendar file, a doctor's day, and the rows as the API answers them. Staff reads
 * of someone else's data are audited, one entry per request.
 */
import { ErrorCode, type Booking, type BookingDetail, type StaffDayItem } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Caller } from '../identity/caller.ts';
import { laneFor, reachesLane, scopeOf } from '../identity/permissions.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { RefundsService } from '../payments/refunds.service.ts';
import type { Schedule } from '../schedule/schedule-rules.ts';
import type { ScheduleSnapshot } from '../schedule/schedule-snapshot.ts';
import { findBooking, findPatientIdByEmail, listBookingEvents, listBookingsOf, listDoctorDay, type BookingRow } from './booking.repository.ts';
import { toBookingDto } from './booking-dto.ts';
import { dependentIdsOf, guardianContactsOf, isGuardianOf } from '../families/family-reads.ts';
import type { LifecycleRules } from './lifecycle-rules.ts';

export interface ViewsDeps {
  db: Db;
  schedule: ScheduleSnapshot;
  refunds: Pick<RefundsService, 'summaries'>;
  mail: Pick<MailService, 'calendarOf'>;
  lifecycle: LifecycleRules;
  now: () => Date;
}

export const doctorNames = (s: Schedule) => (id: string) => s.doctors.get(id)?.name;

export function createBookingViews(deps: ViewsDeps) {
  const { db, schedule, refunds, mail, lifecycle, now } = deps;
  const self = {
    /** Answers for rows: doctors' names, deadlines and refunds, read once for all of them. */
    async dtos(rows: BookingRow[]): Promise<Booking[]> {
      if (rows.length === 0) return [];
      const [s, summaries] = await Promise.all([schedule.get(), refunds.summaries(rows.map((r) => r.id))]);
      const at = now();
      return rows.map((row) => {
        const refund = summaries.get(row.id);
        return toBookingDto(row, { doctorName: doctorNames(s), now: at, lifecycle, refund: refund ? { status: refund.status, amount: refund.amount } : null });
      });
    },

    /**
     * The doctor the front desk's list is filtered to: the one asked for, or for a doctor their own
     * lane (another doctor's is a 403; an account linked to no doctor has no lane).
     */
    laneFilter(caller: Caller, asked: string | undefined): string | undefined {
      return laneFor(caller, 'laneAppointments', asked, { ownOnly: 'You can only see your own appointments.' });
    },

    /**
     * The caller's own booking, or another patient's within the caller's `patientBookings` reach
     * (any for the front desk and the owner, a doctor's own lane's); anything else is a 404, never a 403.
     */
    async visible(caller: Caller, id: string): Promise<BookingRow> {
      const row = isUuid(id) ? await findBooking(db, id) : null;
      if (!row || (row.patientId !== caller.userId && !reachesLane(caller, 'patientBookings', row.doctorId) && !(await isGuardianOf(db, caller.userId, row.patientId)))) {
        throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
      }
      return row;
    },

    /** Whether the caller acts for the booking's patient: their own, or a dependent's they manage. */
    async actsFor(caller: Pick<Caller, 'userId'>, row: Pick<BookingRow, 'patientId'>, tx: Db = db): Promise<boolean> {
      return row.patientId === caller.userId || isGuardianOf(tx, caller.userId, row.patientId);
    },

    async listOwn(caller: Caller, patient: string, include?: 'cancelled'): Promise<Booking[]> {
      const scope = patient === caller.email ? 'all' : scopeOf(caller, 'patientBookings');
      if (scope === 'none') {
        throw new AppError(ErrorCode.FORBIDDEN, 'You can only see your own bookings.');
      }
      // Bookings belong to the account, not to the address: one made under this address by an
      // account since removed is never the caller's.
      const withCancelled = include === 'cancelled';
      const own = patient === caller.email;
      const patientId = own ? caller.userId : await findPatientIdByEmail(db, patient);
      // The caller's own list is the household's: theirs and their dependents' (practice-loop.md section 7).
      const whose = patientId === null ? [] : own ? [patientId, ...(await dependentIdsOf(db, patientId))] : [patientId];
      const all = whose.length === 0 ? [] : await listBookingsOf(db, whose, withCancelled);
      // A doctor sees the patient's bookings on their own lane only.
      const rows = scope === 'all' ? all : all.filter((b) => reachesLane(caller, 'patientBookings', b.doctorId));
      // Staff reading someone else's data leave a trace, as admin writes do: one entry per
      // request with its filter, not one per row. It names the account read by id (its export
      // lists it so), or the address asked for when no account has it.
      if (patient !== caller.email) {
        await recordAudit(db, {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'booking.read-list',
          target: patientId ?? patient,
          detail: { count: rows.length, role: caller.role, ...(withCancelled ? { include } : {}) },
        });
      }
      return self.dtos(rows);
    },

    /**
     * One doctor's patients on a date (`GET /api/staff/day`), by start time, cancelled bookings
     * left out; who may ask is the staff module's. The patient's name and phone are the booking's.
     */
    async doctorDay(doctorId: string, date: string): Promise<StaffDayItem[]> {
      const rows = await listDoctorDay(db, doctorId, date);
      const guardians = await guardianContactsOf(db, rows.flatMap((r) => (r.bookedBy && r.patientId ? [r.patientId] : [])));
      return rows.map((row) => ({
        booking: {
          _id: row.id, start: row.startsAt.toISOString(), end: row.endsAt.toISOString(), slot: row.slot, treatment: row.treatmentName, status: row.status,
          arrivedAt: row.arrivedAt?.toISOString() ?? null,
        },
        patient: { _id: row.patientId, name: row.patientName, phone: row.phone },
        guardian: (row.patientId && guardians.get(row.patientId)) || null,
      }));
    },

    /** One booking with its history: the caller's own, or any for an admin. Anything else is a 404, never a 403. */
    async getOne(caller: Caller, id: string): Promise<BookingDetail> {
      const row = await self.visible(caller, id);
      if (row.patientId !== caller.userId) {
        await recordAudit(db, { actorId: caller.userId, actorEmail: caller.email, action: 'booking.read', target: row.id, detail: { role: caller.role } });
      }
      const [dto] = await self.dtos([row]);
      const events = await listBookingEvents(db, row.id);
      return {
        ...dto!,
        events: events.map((e) => ({ _id: e.id, at: e.at.toISOString(), actor: e.actorKind, type: e.type, data: e.data })),
      };
    },

    /** The booking's calendar file (UID = its id, SEQUENCE = its version): the owner's only. */
    async icsOf(caller: Caller, id: string): Promise<string> {
      const row = isUuid(id) ? await findBooking(db, id) : null;
      if (!row || row.patientId !== caller.userId) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
      return mail.calendarOf(row);
    },

    /** A row as the API answers it. */
    async asDto(row: BookingRow): Promise<Booking> {
      return (await self.dtos([row]))[0]!;
    },
  };
  return self;
}

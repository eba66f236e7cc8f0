/**
 * The clinic edits its schedule (design clinic-operations.md sections 3.5 and 5.6): treatments,
 * who performs them, weekly hours, closures and exceptions. Every change is one transaction
 * that:
 *
 * 1. takes the schedule lock exclusively (no booking is decided meanwhile; lib/lock-keys.ts);
 * 2. makes the change and reads the schedule it makes;
 * 3. finds the confirmed future bookings the new schedule would strand, and refuses (409 with
 *    the list), cancels them and mails each patient (when the admin confirmed), or reports them
 *    (weekly hours: bookings stand, staff see them flagged);
 * 4. bumps the schedule version, notifies every instance and audits.
 *
 * Nothing here ever changes an existing booking's time or price.
 */
import { ErrorCode, todayInZone, type AdminTreatment, type ScheduleException, type WorkingHours } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { fitsIn, overlaps } from '../../lib/spans.ts';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Caller } from '../identity/caller.ts';
import { laneFor } from '../identity/permissions.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notifyScheduleChanged } from './schedule-channel.ts';
import { affected, cents, exceptionDto, type BookingRow, type BookingsPort, type ConfirmedFilter, fitsSchedule, strandedError, toAdminTreatment, weekdaysOf } from './schedule-admin-answers.ts';
import { clinicOpen, laneOpen, type Schedule } from './schedule-rules.ts';
import { loadSchedule, type ScheduleSnapshot } from './schedule-snapshot.ts';
import {
  bumpScheduleVersion,
  deleteException,
  deleteTreatment,
  findTreatment,
  findTreatmentByName,
  insertException,
  insertTreatment,
  deactivateDoctor,
  linkDoctorToTreatmentNamed,
  listExceptions,
  lockSchedule,
  replaceWorkingHours,
  setDoctorTreatments,
  setTreatmentDoctors,
  updateTreatment,
} from './schedule.repository.ts';


export interface ScheduleAdminDeps {
  db: Db;
  snapshot: ScheduleSnapshot;
  /** After the commit: this instance drops what it derived from the schedule (the booking module's free times). */
  forgetDerived: () => void;
  booking: BookingsPort;
  now: () => Date;
  timeZone: string;
  /** In the change's transaction: times may have come free (wider hours, a closure lifted, a doctor added). */
  scheduleChanged?: (tx: Db) => Promise<void>;
}

/** What a change does about the bookings it would strand. */
type StrandPolicy = 'refuse' | 'cancel' | 'report';

/** A closure, an opening or blocked time, as the admin (or a doctor, for their own lane) adds it. */
type ExceptionInput = {
  doctorId?: string | null;
  dateFrom: string;
  dateTo: string;
  kind: 'closed' | 'open' | 'blocked';
  startMin?: number | null;
  endMin?: number | null;
  reason: string;
};

export function createScheduleAdmin(deps: ScheduleAdminDeps) {
  const { db, snapshot, forgetDerived, booking, now, timeZone } = deps;
  const today = () => todayInZone(now(), timeZone);
  // Admin screens read the schedule as the database has it, not this instance's snapshot: a
  // change made a moment ago elsewhere must not make an edit here refuse or overwrite it.
  const fresh = () => db.transaction((tx) => loadSchedule(tx, now(), timeZone));

  /**
   * Runs one schedule change (steps 1 to 4 of the header). `change` makes it and says which
   * future bookings to check and how; answers what `change` answers, plus the stranded ones.
   */
  async function changeSchedule<T>(
    caller: Caller,
    audit: { action: string; target: string; detail?: Record<string, unknown> },
    change: (
      work: UnitOfWork,
    ) => Promise<{ result: T; check?: ConfirmedFilter; policy?: StrandPolicy; what?: string; advice?: string }>,
  ): Promise<{ result: T; stranded: BookingRow[] }> {
    return inTransaction(db, async (work) => {
      const { tx, afterCommit } = work;
      await lockSchedule(tx);
      const { result, check, policy = 'refuse', what = 'This change', advice } = await change(work);
      let stranded: BookingRow[] = [];
      if (check) {
        const s = await loadSchedule(tx, now(), timeZone);
        stranded = (await booking.confirmedFrom(tx, check)).filter((b) => !fitsSchedule(s, b));
        if (stranded.length > 0 && policy === 'refuse') throw strandedError(stranded, what, advice);
        if (stranded.length > 0 && policy === 'cancel') {
          await booking.cancelByClinic(work, stranded.map((b) => b.id), audit.detail?.reason ? String(audit.detail.reason) : '', caller);
        }
      }
      await bumpScheduleVersion(tx);
      await notifyScheduleChanged(tx);
      await deps.scheduleChanged?.(tx);
      await recordAudit(tx, {
        actorId: caller.userId,
        actorEmail: caller.email,
        action: audit.action,
        target: audit.target,
        detail: { ...audit.detail, ...(stranded.length > 0 ? { [policy === 'cancel' ? 'cancelled' : 'outsideHours']: stranded.map((b) => b.id) } : {}) },
      });
      // This instance reads the new schedule at once (the others on the notification).
      afterCommit(() => {
        snapshot.reset();
        forgetDerived();
      });
      return { result, stranded };
    });
  }

  /**
   * Adds a closure, opening or blocked time: the doctor checked, the row inserted, and the
   * confirmed bookings it would strand from today on refused or cancelled as `policy` says.
   */
  async function insertExceptionChecked(
    caller: Caller,
    input: ExceptionInput,
    opts: { auditDetail: Record<string, unknown>; policy: StrandPolicy; what: string; advice?: string },
  ): Promise<ScheduleException> {
    await requireDoctor(await fresh(), input.doctorId);
    const closed = input.kind === 'closed';
    const { result } = await changeSchedule(
      caller,
      { action: 'schedule.exception', target: input.doctorId ?? 'clinic', detail: opts.auditDetail },
      async ({ tx }) => {
        const row = await insertException(tx, {
          doctorId: input.doctorId ?? null,
          dateFrom: input.dateFrom,
          dateTo: input.dateTo,
          kind: input.kind,
          startMin: closed ? null : input.startMin ?? null,
          endMin: closed ? null : input.endMin ?? null,
          reason: input.reason,
          createdBy: caller.userId,
        });
        const from = input.dateFrom > today() ? input.dateFrom : today();
        return {
          result: row,
          check: { fromDate: from, toDate: input.dateTo, ...(input.doctorId ? { laneId: input.doctorId } : {}) },
          policy: opts.policy,
          what: opts.what,
          ...(opts.advice ? { advice: opts.advice } : {}),
        };
      },
    );
    return exceptionDto(result);
  }

  async function requireDoctor(s: Schedule, doctorId: string | null | undefined) {
    if (doctorId == null) return;
    const doctor = s.doctors.get(doctorId);
    if (!doctor || !doctor.active) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such doctor.');
  }

  function requireDoctors(s: Schedule, ids: readonly string[]) {
    const unknown = ids.filter((id) => !s.doctors.get(id)?.active);
    if (unknown.length > 0) {
      throw new AppError(ErrorCode.VALIDATION, 'Choose doctors of the clinic.', { errors: { doctorIds: ['Choose doctors of the clinic'] } });
    }
  }

  /**
   * Puts every future confirmed booking of a treatment on a doctor (it now requires one): in time
   * order, each on the free doctor of the treatment, open then, with the fewest bookings that
   * day, then the lowest id (as "any available doctor" books). Refuses with the ones no doctor
   * can take, changing nothing.
   */
  async function assignDoctors(tx: Db, treatmentId: string) {
    const s = await loadSchedule(tx, now(), timeZone);
    const t = s.treatments.find((x) => x.id === treatmentId)!;
    const doctors = t.doctorIds.filter((id) => s.doctors.get(id)?.active);
    const mine = (await booking.confirmedFrom(tx, { fromDate: today(), treatmentId })).filter((b) => b.doctorId === null);
    if (mine.length === 0) return;
    // Everything already on those doctors' lanes in the period.
    const taken = new Map<string, { date: string; startMin: number; endMin: number }[]>();
    for (const id of doctors) taken.set(id, await booking.confirmedFrom(tx, { fromDate: today(), laneId: id }));
    const moves: { id: string; doctorId: string }[] = [];
    const unplaceable: string[] = [];
    for (const b of mine) {
      let best: { id: string; load: number } | undefined;
      for (const id of doctors) {
        const onLane = taken.get(id)!.filter((x) => x.date === b.date);
        const open = laneOpen(s, id, b.date, clinicOpen(s, b.date));
        const span = { start: b.startMin, end: b.endMin };
        if (!fitsIn(open, span)) continue;
        if (onLane.some((x) => overlaps({ start: x.startMin, end: x.endMin }, span))) continue;
        if (!best || onLane.length < best.load || (onLane.length === best.load && id < best.id)) best = { id, load: onLane.length };
      }
      if (!best) unplaceable.push(b.id);
      else {
        moves.push({ id: b.id, doctorId: best.id });
        taken.get(best.id)!.push(b);
      }
    }
    if (unplaceable.length > 0) {
      throw new AppError(
        ErrorCode.CONFLICT,
        `${unplaceable.length} future booking${unplaceable.length === 1 ? '' : 's'} of ${t.name} could not be given a doctor; ` +
          'link more doctors or widen their hours first.',
        { extra: { unplaceable } },
      );
    }
    await booking.setDoctors(tx, moves);
  }

  /** Refuses to take a treatment from a doctor who has future bookings of it. */
  async function refuseUnlinking(tx: Db, pairs: { doctorId: string; treatmentId: string }[]) {
    const rows: BookingRow[] = [];
    for (const p of pairs) rows.push(...(await booking.confirmedFrom(tx, { fromDate: today(), treatmentId: p.treatmentId, doctorId: p.doctorId })));
    if (rows.length > 0) {
      throw new AppError(
        ErrorCode.HAS_FUTURE_BOOKINGS,
        `The doctor has ${rows.length} future booking${rows.length === 1 ? '' : 's'} of that treatment; ` +
          'cancel or move them before taking it away.',
        { extra: { count: rows.length, bookings: affected(rows) } },
      );
    }
  }

  return {
    /**
     * A doctor was added: they perform the treatment their specialty names, and every instance
     * reads the schedule again. Runs in the adding transaction.
     */
    async doctorAdded({ tx, afterCommit }: UnitOfWork, doctorId: string, specialty: string) {
      await lockSchedule(tx);
      await linkDoctorToTreatmentNamed(tx, doctorId, specialty);
      await bumpScheduleVersion(tx);
      await notifyScheduleChanged(tx);
      await deps.scheduleChanged?.(tx);
      afterCommit(() => {
        snapshot.reset();
        forgetDerived();
      });
    },

    /** A doctor's name or photo changed: every instance's snapshot (which names doctors) is read again. */
    async doctorChanged({ tx, afterCommit }: UnitOfWork) {
      await notifyScheduleChanged(tx);
      afterCommit(() => {
        snapshot.reset();
        forgetDerived();
      });
    },

    /**
     * Removes a doctor (the spec's `DELETE /api/doctor/:email`): deleted if never booked, else
     * kept inactive so their bookings stay whole. Future confirmed bookings: 409 listing them
     * unless `cancelFuture` (then cancelled and each patient mailed).
     */
    async removeDoctor(
      caller: Caller,
      doctor: { id: string; email: string; name: string },
      cancelFuture: boolean,
      remove: (tx: Db) => Promise<unknown>,
    ) {
      const doctorId = doctor.id;
      const audit = { action: 'doctor.delete', target: doctor.email, detail: { name: doctor.name, ...(cancelFuture ? { cancelFuture } : {}) } };
      const { result } = await changeSchedule(caller, audit, async (work) => {
        const future = await booking.confirmedFrom(work.tx, { fromDate: today(), doctorId });
        if (future.length > 0 && !cancelFuture) throw strandedError(future, 'Removing this doctor');
        if (future.length > 0) await booking.cancelByClinic(work, future.map((b) => b.id), 'Your doctor is no longer with the clinic', caller);
        const kept = await booking.isReferenced(work.tx, { doctorId });
        if (kept) await deactivateDoctor(work.tx, doctorId);
        else await remove(work.tx);
        return { result: { deletedCount: 1, cancelled: future.length } };
      });
      return result;
    },

    async listTreatments(): Promise<AdminTreatment[]> {
      const s = await fresh();
      return s.treatments.map((t) => toAdminTreatment(s, t.id));
    },

    async createTreatment(
      caller: Caller,
      input: { name: string; price: number; durationMin: number; description: string; requiresDoctor: boolean; doctorIds?: string[] },
    ) {
      const s = await fresh();
      requireDoctors(s, input.doctorIds ?? []);
      if (input.requiresDoctor && (input.doctorIds ?? []).length === 0) {
        const message = 'Choose at least one doctor for a treatment that requires one';
        throw new AppError(ErrorCode.VALIDATION, `${message}.`, { errors: { doctorIds: [message] } });
      }
      const { result } = await changeSchedule(caller, { action: 'treatment.create', target: input.name, detail: { price: input.price, durationMin: input.durationMin } }, async ({ tx }) => {
        if (await findTreatmentByName(tx, input.name)) {
          throw new AppError(ErrorCode.CONFLICT, 'A treatment with this name already exists.', { errors: { name: ['A treatment with this name already exists'] } });
        }
        const id = await insertTreatment(tx, {
          name: input.name,
          priceCents: cents(input.price),
          durationMin: input.durationMin,
          description: input.description,
          requiresDoctor: input.requiresDoctor,
        });
        if (!id) throw new AppError(ErrorCode.CONFLICT, 'A treatment with this name already exists.', { errors: { name: ['A treatment with this name already exists'] } });
        if (input.doctorIds) await setTreatmentDoctors(tx, id, input.doctorIds);
        return { result: { insertedId: id } };
      });
      return result;
    },

    async updateTreatment(
      caller: Caller,
      id: string,
      input: { name?: string; price?: number; durationMin?: number; description?: string; requiresDoctor?: boolean; doctorIds?: string[]; active?: boolean; recallMonths?: number | null },
    ): Promise<AdminTreatment> {
      const s = await fresh();
      if (input.doctorIds) requireDoctors(s, input.doctorIds);
      await changeSchedule(caller, { action: 'treatment.update', target: id, detail: { ...input } }, async ({ tx }) => {
        const before = await findTreatment(tx, id);
        if (!before) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such treatment.');
        if (input.name !== undefined && input.name.toLowerCase() !== before.name.toLowerCase() && (await findTreatmentByName(tx, input.name))) {
          throw new AppError(ErrorCode.CONFLICT, 'A treatment with this name already exists.', { errors: { name: ['A treatment with this name already exists'] } });
        }
        if (input.doctorIds) {
          const current = s.treatments.find((t) => t.id === id)?.doctorIds ?? [];
          await refuseUnlinking(tx, current.filter((d) => !input.doctorIds!.includes(d)).map((doctorId) => ({ doctorId, treatmentId: id })));
          await setTreatmentDoctors(tx, id, input.doctorIds);
        }
        // A price is a snapshot on each booking: changing it here changes no booking.
        await updateTreatment(tx, id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.price !== undefined ? { priceCents: cents(input.price) } : {}),
          ...(input.durationMin !== undefined ? { durationMin: input.durationMin } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.requiresDoctor !== undefined ? { requiresDoctor: input.requiresDoctor } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          ...(input.recallMonths !== undefined ? { recallMonths: input.recallMonths } : {}),
        });
        if (input.requiresDoctor === true && !before.requiresDoctor) await assignDoctors(tx, id);
        if (input.requiresDoctor === false && before.requiresDoctor) {
          // Back to one queue: its future bookings leave their doctors; two at one time cannot both stand.
          const onDoctors = (await booking.confirmedFrom(tx, { fromDate: today(), treatmentId: id })).filter((b) => b.doctorId !== null);
          try {
            await tx.transaction((sp) => booking.setDoctors(sp, onDoctors.map((b) => ({ id: b.id, doctorId: null }))));
          } catch (error) {
            if ((error as { cause?: { code?: string } }).cause?.code !== '23P01') throw error;
            throw new AppError(
              ErrorCode.CONFLICT,
              'Some future bookings of this treatment overlap on different doctors; as one queue they could not all stand. ' +
                'Move or cancel them first.',
            );
          }
        }
        return { result: undefined };
      });
      return toAdminTreatment(await fresh(), id);
    },

    /** Deletes a treatment never booked; archives a booked one. Future bookings: 409 unless `cancelFuture`. */
    async deleteTreatment(caller: Caller, id: string, cancelFuture: boolean) {
      const { result } = await changeSchedule(caller, { action: 'treatment.delete', target: id, detail: { cancelFuture } }, async (work) => {
        const before = await findTreatment(work.tx, id);
        if (!before) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such treatment.');
        const future = await booking.confirmedFrom(work.tx, { fromDate: today(), treatmentId: id });
        if (future.length > 0 && !cancelFuture) throw strandedError(future, `Removing ${before.name}`);
        if (future.length > 0) await booking.cancelByClinic(work, future.map((b) => b.id), `${before.name} is no longer offered`, caller);
        // Booked once: archived, so old bookings keep naming it (the foreign key has no cascade).
        const archived = await booking.isReferenced(work.tx, { treatmentId: id });
        if (archived) await updateTreatment(work.tx, id, { active: false });
        else await deleteTreatment(work.tx, id);
        return { result: { deletedCount: 1, archived, cancelled: future.length } };
      });
      return result;
    },

    async doctorTreatments(doctorId: string) {
      const s = await fresh();
      await requireDoctor(s, doctorId);
      return { treatmentIds: s.treatments.filter((t) => t.doctorIds.includes(doctorId)).map((t) => t.id) };
    },

    async setDoctorTreatments(caller: Caller, doctorId: string, treatmentIds: string[]) {
      const s = await fresh();
      await requireDoctor(s, doctorId);
      const unknown = treatmentIds.filter((id) => !s.treatments.some((t) => t.id === id));
      if (unknown.length > 0) {
        throw new AppError(ErrorCode.VALIDATION, 'Choose treatments of the clinic.', { errors: { treatmentIds: ['Choose treatments of the clinic'] } });
      }
      await changeSchedule(caller, { action: 'doctor.treatments', target: doctorId, detail: { treatmentIds } }, async ({ tx }) => {
        const current = s.treatments.filter((t) => t.doctorIds.includes(doctorId)).map((t) => t.id);
        await refuseUnlinking(tx, current.filter((t) => !treatmentIds.includes(t)).map((treatmentId) => ({ doctorId, treatmentId })));
        await setDoctorTreatments(tx, doctorId, [...new Set(treatmentIds)]);
        return { result: undefined };
      });
      return { treatmentIds: [...new Set(treatmentIds)] };
    },

    async workingHours(doctorId?: string): Promise<WorkingHours> {
      const s = await fresh();
      await requireDoctor(s, doctorId);
      return { doctorId: doctorId ?? null, weekdays: weekdaysOf(doctorId ? s.doctorWeekly.get(doctorId) : s.clinicWeekly) };
    },

    /** Replaces weekly hours; bookings now outside them stand, and are reported (design section 2.5). */
    async setWorkingHours(caller: Caller, doctorId: string | undefined, weekdays: Record<string, { start: number; end: number }[] | undefined> | null) {
      const s = await fresh();
      await requireDoctor(s, doctorId);
      if (weekdays === null && doctorId === undefined) {
        throw new AppError(ErrorCode.VALIDATION, 'The clinic needs weekly hours; leave a day empty to close it.', { errors: { weekdays: ['Give the clinic’s weekly hours'] } });
      }
      const rows = Object.entries(weekdays ?? {}).flatMap(([day, list]) => (list ?? []).map((i) => ({ weekday: Number(day), startMin: i.start, endMin: i.end })));
      const { stranded } = await changeSchedule(caller, { action: 'schedule.hours', target: doctorId ?? 'clinic', detail: { weekdays } }, async ({ tx }) => {
        await replaceWorkingHours(tx, doctorId ?? null, rows);
        return { result: undefined, check: { fromDate: today(), ...(doctorId ? { laneId: doctorId } : {}) }, policy: 'report' };
      });
      return { ...(await this.workingHours(doctorId)), affectedBookings: stranded.map((b) => b.id) };
    },

    async listExceptions(filter: { from?: string; to?: string; doctorId?: string }): Promise<ScheduleException[]> {
      return (await listExceptions(db, filter)).map(exceptionDto);
    },

    /** Adds an exception; bookings it would strand: 409 listing them unless `cancelAffected` (then cancelled and mailed). */
    async addException(
      caller: Caller,
      input: ExceptionInput,
      cancelAffected: boolean,
    ): Promise<ScheduleException> {
      return insertExceptionChecked(caller, input, {
        auditDetail: { ...input, cancelAffected },
        policy: cancelAffected ? 'cancel' : 'refuse',
        what: input.kind === 'closed' ? 'This closure' : 'This change of hours',
      });
    },

    /**
     * A doctor's own blocked time (`ownBlockedTime`): one stretch of one day on the caller's own
     * lane (the owner names any doctor). It never cancels anyone: a booking in the way is a 409
     * listing it, and the front desk moves the patient first.
     */
    async blockOwnTime(
      caller: Caller,
      input: { date: string; startMin: number; endMin: number; reason: string; doctorId?: string | undefined },
    ): Promise<ScheduleException> {
      const doctorId = laneFor(caller, 'ownBlockedTime', input.doctorId, {
        choose: 'Choose the doctor whose time to block.',
        ownOnly: 'You may block only your own time.',
      })!;
      if (input.date < today()) throw new AppError(ErrorCode.VALIDATION, 'Choose today or a later day.', { errors: { date: ['Choose today or a later day'] } });
      const { date, startMin, endMin, reason } = input;
      return insertExceptionChecked(caller, { doctorId, dateFrom: date, dateTo: date, kind: 'blocked', startMin, endMin, reason }, {
        auditDetail: { ...input, doctorId, kind: 'blocked', role: caller.role },
        policy: 'refuse',
        what: 'This blocked time',
        advice: 'ask the front desk to move those patients first, or choose another time.',
      });
    },

    async removeException(caller: Caller, id: string): Promise<void> {
      await changeSchedule(caller, { action: 'schedule.exception.remove', target: id }, async ({ tx }) => {
        const removed = await deleteException(tx, id);
        if (!removed) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such exception.');
        return { result: undefined };
      });
    },
  };
}

export type ScheduleAdmin = ReturnType<typeof createScheduleAdmin>;

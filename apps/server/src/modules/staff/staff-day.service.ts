/**
 * A doctor's day for the staff (practice-loop.md section 2): which lane the caller may read
 * (permissions.ts, `doctorDay`), the lane's patients through the booking service, one audit
 * entry per read of patient data.
 */
import { ErrorCode, type BookingForms, type StaffDay } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { BookingService } from '../booking/booking.service.ts';
import type { DoctorsService } from '../doctors/doctors.service.ts';
import type { Caller } from '../identity/caller.ts';
import { laneFor } from '../identity/permissions.ts';

/**
 * The doctor whose day the caller reads: any doctor named for the front desk and the owner (one
 * must be named); a doctor's own, named or not; another doctor's day is a 403 for a doctor.
 */
export function laneOfDay(caller: Pick<Caller, 'role' | 'staffNeedsTwoFactor' | 'doctorId'>, asked: string | undefined): string {
  return laneFor(caller, 'doctorDay', asked, { choose: 'Choose the doctor whose day to show.', ownOnly: 'You can only see your own day.' })!;
}

export interface StaffDayDeps {
  db: Db;
  booking: Pick<BookingService, 'doctorDay'>;
  doctors: Pick<DoctorsService, 'find'>;
  /** Each booking's forms and its patient's alerts (the forms module's, practice-loop.md section 6.3). */
  intakeFlags?: (bookingIds: readonly string[]) => Promise<ReadonlyMap<string, { forms: BookingForms; alerts: string[] }>>;
}

export function createStaffDayService(deps: StaffDayDeps) {
  const { db, booking, doctors } = deps;
  return {
    async day(caller: Caller, date: string, doctorId?: string): Promise<StaffDay> {
      const lane = laneOfDay(caller, doctorId);
      const doctor = await doctors.find(lane);
      if (!doctor) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such doctor.');
      const day = await booking.doctorDay(doctor.id, date);
      const flags = await deps.intakeFlags?.(day.map((item) => item.booking._id));
      const items = day.map((item) => ({ ...item, ...flags?.get(item.booking._id) }));
      await recordAudit(db, {
        actorId: caller.userId,
        actorEmail: caller.email,
        action: 'staff.read-day',
        target: doctor.id,
        detail: { role: caller.role, date, count: items.length },
      });
      return { date, doctor: { _id: doctor.id, name: doctor.name }, items };
    },
  };
}

export type StaffDayService = ReturnType<typeof createStaffDayService>;

/**
 * The request's rules, pure: a booking request checked against the schedule and the clock (the
 * treatment, its slot, the chosen doctor, the day, the start, the lanes open then), answered as
 * what the write needs, or refused with the message the patient reads.
 */
import { ErrorCode, slotLabel, slotStartMinutes, type Locale } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Caller } from '../identity/caller.ts';
import { clinicOpen, laneOpen, lanesOf, type Schedule, type ScheduleTreatment } from '../schedule/schedule-rules.ts';
import type { NewBooking } from './booking.repository.ts';
import { isStartOpen, judgeDate, type BookingClock } from './slots.ts';
import { fitsIn, type Span } from '../../lib/spans.ts';

export interface CreateBookingInput {
  treatmentId: string;
  date: string;
  slot: string;
  phone: string;
  patient?: string;
  doctorId?: string;
}

/**
 * A booking request as the service writes it: the row, with the caller's account as owner, the
 * lanes it may take, every lane of its treatment (whose holders the transaction reads and the
 * fast path remembers), and the schedule version it was checked against.
 */
export type WriteRequest = Omit<NewBooking, 'startsAt' | 'endsAt'> & {
  patientId: string;
  startMin: number;
  endMin: number;
  lanes: readonly string[];
  laneSet: readonly string[];
  scheduleVersion: number;
  /** The language of whoever gets its mails (the patient, or the guardian who booked); null: DEFAULT_LOCALE. */
  recipientLocale?: Locale | null;
};

/** A patient booking online must have confirmed the address first, when REQUIRE_EMAIL_VERIFICATION says so. */
export function assertMayBookOnline(requireEmailVerification: 'none' | 'booking', caller: Pick<Caller, 'email' | 'emailVerified'>) {
  if (requireEmailVerification === 'booking' && !caller.emailVerified) {
    throw new AppError(
      ErrorCode.EMAIL_UNVERIFIED,
      `Please confirm your email address first: follow the link we sent to ${caller.email}, then book again.`,
      { extra: { email: caller.email } },
    );
  }
}

/** Checks a request against the schedule and the clock; answers what the write needs. */
export function prepareRequest(
  s: Schedule,
  caller: Pick<Caller, 'userId' | 'email' | 'name'> & { bookedBy?: string | null },
  input: CreateBookingInput,
  c: BookingClock,
  windowDays: number,
): { request: WriteRequest; treatment: ScheduleTreatment } {
  const treatment = s.treatments.find((t) => t.id === input.treatmentId && t.active);
  if (!treatment) {
    throw new AppError(ErrorCode.VALIDATION, 'There is no such treatment.', {
      errors: { treatmentId: ['There is no such treatment'] },
    });
  }
  const startMin = slotStartMinutes(input.slot);
  const endMin = startMin === null ? null : startMin + treatment.durationMin;
  if (startMin === null || endMin === null || startMin % 30 !== 0 || endMin > 24 * 60 || slotLabel(startMin, endMin) !== input.slot) {
    throw new AppError(ErrorCode.VALIDATION, `${treatment.name} has no slot ${input.slot}.`, {
      errors: { slot: ['Choose one of the treatment’s slots'] },
    });
  }
  if (input.doctorId !== undefined && lanesOf(s, treatment, input.doctorId).length === 0) {
    const message = treatment.requiresDoctor
      ? `That doctor does not perform ${treatment.name}; choose one who does, or any available doctor.`
      : `${treatment.name} is booked without choosing a doctor.`;
    throw new AppError(ErrorCode.VALIDATION, message, { errors: { doctorId: [message] } });
  }
  const verdict = judgeDate(input.date, c);
  if (verdict !== 'bookable') {
    const message =
      verdict === 'past'
        ? 'That day has passed; choose today or a later day.'
        : `Bookings open up to ${windowDays} days ahead; choose an earlier day.`;
    throw new AppError(ErrorCode.VALIDATION, message, { errors: { date: [message] } });
  }
  if (!isStartOpen(input.date, startMin, c)) {
    const message = 'That slot has already started; choose a later one.';
    throw new AppError(ErrorCode.VALIDATION, message, { errors: { slot: [message] } });
  }
  const clinic = clinicOpen(s, input.date);
  const range: Span = { start: startMin, end: endMin };
  const lanes = lanesOf(s, treatment, input.doctorId).filter((lane) => fitsIn(laneOpen(s, lane, input.date, clinic), range));
  if (lanes.length === 0) {
    const message = clinic.length === 0
      ? `The clinic is closed on ${input.date}; choose another day.`
      : `${treatment.name} is not offered at ${input.slot} on ${input.date}; choose one of the day’s slots.`;
    throw new AppError(ErrorCode.VALIDATION, message, { errors: { slot: [message] } });
  }
  return {
    treatment,
    request: {
      treatmentId: treatment.id,
      treatmentName: treatment.name,
      date: input.date,
      slot: input.slot,
      startMin,
      endMin,
      lanes,
      laneSet: lanesOf(s, treatment),
      scheduleVersion: s.version,
      patientId: caller.userId,
      patientEmail: caller.email,
      patientName: caller.name,
      bookedBy: caller.bookedBy ?? null,
      phone: input.phone,
      priceCents: treatment.priceCents,
    },
  };
}

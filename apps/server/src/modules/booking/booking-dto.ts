/** A booking row as the API answers it (`Booking` of packages/shared): pure, read by every view of a booking. */
import { paymentModeOf, type Booking } from '@clinic/shared';
import type { BookingRow } from './booking.repository.ts';
import { deadlineOf, type LifecycleRules } from './lifecycle-rules.ts';

export const dollars = (cents: number) => cents / 100;

/** What a booking's answer needs besides its row: doctors' names, the clock, the notice rules, its refund. */
export interface DtoContext {
  doctorName?: (id: string) => string | undefined;
  now?: Date;
  lifecycle?: LifecycleRules;
  refund?: { status: 'pending' | 'succeeded' | 'failed'; amount: number } | null;
}

export function toBookingDto(row: BookingRow, ctx: DtoContext = {}): Booking {
  const now = ctx.now ?? new Date();
  const rules = ctx.lifecycle ?? { cancelNoticeHours: 24, rescheduleNoticeHours: 24, refundOnPatientCancel: 'full', clinicPhone: '' };
  const cancelDeadline = deadlineOf(row.startsAt, rules.cancelNoticeHours);
  const rescheduleDeadline = deadlineOf(row.startsAt, rules.rescheduleNoticeHours);
  const open = (deadline: Date | null) => row.status === 'confirmed' && deadline !== null && now < deadline && now < row.startsAt;
  return {
    _id: row.id,
    treatmentId: row.treatmentId,
    treatment: row.treatmentName,
    date: row.date,
    slot: row.slot,
    price: dollars(row.priceCents),
    paid: row.paid,
    patient: row.patientEmail,
    patientName: row.patientName,
    phone: row.phone,
    transactionId: row.transactionId,
    paymentMode: paymentModeOf(row),
    doctor: row.doctorId ? { _id: row.doctorId, name: ctx.doctorName?.(row.doctorId) ?? '' } : null,
    status: row.status,
    version: row.version,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    cancelDeadline: cancelDeadline?.toISOString() ?? null,
    rescheduleDeadline: rescheduleDeadline?.toISOString() ?? null,
    canCancel: open(cancelDeadline),
    canReschedule: open(rescheduleDeadline),
    cancelledBy: row.cancelledBy ?? null,
    refund: ctx.refund ?? null,
    arrivedAt: row.arrivedAt?.toISOString() ?? null,
    // A guardian's booking for a dependent (a handover clears booked_by: the record is theirs then).
    dependent: row.bookedBy && row.patientId ? { _id: row.patientId, name: row.patientName } : null,
  };
}

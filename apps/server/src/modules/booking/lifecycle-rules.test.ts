import { describe, expect, it } from 'vitest';
import {
  CORRECTION_DAYS,
  deadlineOf,
  NO_SHOW_AFTER_MINUTES,
  patientMayChange,
  refundFor,
  refundReason,
  staffCancelRefusal,
  statusMarkRefusal,
  type BookingStatus,
  type MarkableStatus,
} from './lifecycle-rules.ts';

const START = new Date('2030-06-05T10:00:00Z');
const at = (ms: number) => new Date(START.getTime() + ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('the patients’ notice window', () => {
  it('closes exactly `noticeHours` before the start, and never opens at -1', () => {
    expect(deadlineOf(START, 24)).toEqual(at(-DAY));
    expect(deadlineOf(START, 0)).toEqual(START);
    expect(deadlineOf(START, -1)).toBeNull();
  });

  it('lets a confirmed booking change until the last millisecond before its deadline', () => {
    const confirmed = { status: 'confirmed' as const, startsAt: START };
    expect(patientMayChange(confirmed, 24, at(-DAY - 1))).toBe(true);
    expect(patientMayChange(confirmed, 24, at(-DAY))).toBe(false);
    expect(patientMayChange(confirmed, 0, at(-1))).toBe(true);
    expect(patientMayChange(confirmed, 0, START)).toBe(false);
    expect(patientMayChange(confirmed, -1, at(-30 * DAY))).toBe(false);
  });

  it('never lets a booking that is not confirmed change', () => {
    for (const status of ['cancelled', 'completed', 'no_show'] as const) {
      expect(patientMayChange({ status, startsAt: START }, 24, at(-30 * DAY))).toBe(false);
    }
  });
});

describe('the staff marks’ transition table', () => {
  const mark = (status: BookingStatus, to: MarkableStatus, ms: number) => statusMarkRefusal({ status, startsAt: START }, to, at(ms));

  it('marks a confirmed booking completed from its start, not a millisecond before', () => {
    expect(mark('confirmed', 'completed', -1)).toBe('This appointment has not started yet.');
    expect(mark('confirmed', 'completed', 0)).toBeNull();
  });

  it('marks a no-show 15 minutes after the start at the earliest', () => {
    expect(NO_SHOW_AFTER_MINUTES).toBe(15);
    expect(mark('confirmed', 'no_show', 15 * MINUTE - 1)).toMatch(/15 minutes after the start/);
    expect(mark('confirmed', 'no_show', 15 * MINUTE)).toBeNull();
  });

  it('corrects an outcome for 14 days after the start, and not after', () => {
    expect(CORRECTION_DAYS).toBe(14);
    for (const [from, to] of [['completed', 'no_show'], ['no_show', 'completed'], ['completed', 'confirmed'], ['no_show', 'confirmed']] as const) {
      expect(mark(from, to, 14 * DAY)).toBeNull();
      expect(mark(from, to, 14 * DAY + 1)).toBe('An outcome can be corrected within 14 days of the appointment.');
    }
  });

  it('never moves a cancelled booking, and a mark to the same status is no change', () => {
    for (const to of ['completed', 'no_show', 'confirmed'] as const) {
      expect(mark('cancelled', to, HOUR)).toBe('This booking was cancelled; its status cannot change.');
    }
    expect(mark('confirmed', 'confirmed', -DAY)).toBeNull();
    expect(mark('completed', 'completed', 100 * DAY)).toBeNull();
  });
});

describe('the front desk’s cancel', () => {
  it('is allowed until the start and refused from it', () => {
    expect(staffCancelRefusal({ startsAt: START }, at(-1))).toBeNull();
    expect(staffCancelRefusal({ startsAt: START }, START)).toMatch(/has started/);
  });
});

describe('the refund policy', () => {
  it('refunds the patient’s own cancel per REFUND_ON_PATIENT_CANCEL, whatever is asked', () => {
    expect(refundFor('patient', { refundOnPatientCancel: 'full' })).toBe('full');
    expect(refundFor('patient', { refundOnPatientCancel: 'none' }, 'full')).toBe('none');
  });

  it('refunds what the front desk chose, nothing when it chose nothing', () => {
    expect(refundFor('staff', { refundOnPatientCancel: 'full' }, 500)).toBe(500);
    expect(refundFor('staff', { refundOnPatientCancel: 'full' }, 'full')).toBe('full');
    expect(refundFor('staff', { refundOnPatientCancel: 'full' })).toBe('none');
  });

  it('refunds everything when the clinic or an account removal cancels', () => {
    for (const cause of ['clinic', 'account'] as const) {
      expect(refundFor(cause, { refundOnPatientCancel: 'none' }, 'none')).toBe('full');
    }
  });

  it('gives the processor the patient’s own reason code, and a reason for a removed account', () => {
    expect(refundReason('patient', 'changed my mind')).toBe('requested_by_customer');
    expect(refundReason('account', '')).toBe('The account was removed');
    expect(refundReason('clinic', 'Closed for a flood')).toBe('Closed for a flood');
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { linkBookingFactory, linkResultFactory } from '../test/link-factories.ts';
import {
  isTimeTaken,
  linkProblemOf,
  resultText,
  timeRefusalText,
  weekdayDateOf,
} from './link-texts.ts';

const apiError = (status: number, code: string, detail?: string, body?: unknown) =>
  new ApiError({ status, title: 'Error', code, ...(detail !== undefined && { detail }) }, body);

describe('resultText', () => {
  it("says each action's result with the booking as it is now", () => {
    const shown = linkBookingFactory();
    expect(resultText(linkResultFactory('confirmed'), 'Pat', shown)).toBe(
      "You're confirmed, Pat. See you on Jun 5, 2030 at 08.00 AM - 08.30 AM.",
    );
    expect(
      resultText(
        linkResultFactory('rescheduled', {
          date: '2030-06-07T00:00:00.000Z',
          doctor: 'Dr. Ann Lee',
        }),
        'Pat',
        shown,
      ),
    ).toBe('Your appointment is moved to Jun 7, 2030 at 08.00 AM - 08.30 AM with Dr. Ann Lee.');
    expect(resultText(linkResultFactory('cancelled'), 'Pat', shown)).toBe(
      'Your appointment is cancelled.',
    );
    expect(resultText(linkResultFactory('callback'), 'Pat', shown)).toBe('We will call you.');
    expect(resultText(linkResultFactory('checked-in'), 'Pat', shown)).toBe(
      "You're checked in, Pat. Please take a seat; we'll call you.",
    );
    expect(resultText(linkResultFactory('stopped', null), 'Pat', shown)).toBe(
      'You will get no more reminder emails.',
    );
    expect(
      resultText(
        linkResultFactory('booked', { date: '2030-11-23', doctor: 'Ann Lee' }),
        'Pat',
        undefined,
      ),
    ).toBe("You're booked, Pat: Nov 23, 2030 at 08.00 AM - 08.30 AM with Dr. Ann Lee.");
    expect(resultText(linkResultFactory('booked', null), 'Pat', undefined)).toBe(
      "You're booked, Pat.",
    );
    expect(resultText(linkResultFactory('snoozed', null), 'Pat', undefined)).toBe(
      "We'll remind you again in a month.",
    );
  });

  it('falls back on the booking the link showed, or on no booking at all', () => {
    expect(resultText(linkResultFactory('confirmed', null), 'Pat', linkBookingFactory())).toBe(
      "You're confirmed, Pat. See you on Jun 5, 2030 at 08.00 AM - 08.30 AM.",
    );
    expect(resultText(linkResultFactory('confirmed', null), 'Pat', undefined)).toBe(
      "You're confirmed, Pat.",
    );
  });
});

describe('linkProblemOf', () => {
  it('names the answers a retry cannot help, in the server’s words', () => {
    expect(linkProblemOf(apiError(404, 'not_found', 'This link is not valid.'))).toEqual({
      heading: 'This link is not valid',
      detail: 'This link is not valid.',
    });
    expect(linkProblemOf(apiError(410, 'link_expired'))).toEqual({
      heading: 'This link has expired',
      detail: 'This link has expired.',
    });
    expect(linkProblemOf(apiError(409, 'link_used', 'This appointment was cancelled.'))).toEqual({
      heading: 'This link no longer works',
      detail: 'This appointment was cancelled.',
    });
  });

  it('leaves everything else to a retry', () => {
    expect(linkProblemOf(apiError(429, 'rate_limited', 'Too many requests.'))).toBeNull();
    expect(linkProblemOf(apiError(500, 'internal_error'))).toBeNull();
    expect(linkProblemOf(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('isTimeTaken and timeRefusalText', () => {
  const taken = apiError(409, 'conflict', 'That slot has just been taken; choose another.');

  it('tells a taken time from the other 409s', () => {
    expect(isTimeTaken(taken)).toBe(true);
    expect(
      isTimeTaken(
        apiError(409, 'unknown', undefined, {
          success: false,
          booking: { date: '2030-06-05', slot: '08.00 AM - 08.30 AM', treatment: 'Teeth Cleaning' },
        }),
      ),
    ).toBe(true);
    expect(isTimeTaken(apiError(409, 'reschedule_window_closed', 'Please call the clinic.'))).toBe(
      false,
    );
    expect(isTimeTaken(apiError(409, 'link_used', 'Used.'))).toBe(false);
    expect(isTimeTaken(apiError(400, 'conflict'))).toBe(false);
  });

  it("says a refused time in the server's words, and that it was taken when they are missing", () => {
    expect(timeRefusalText(taken)).toBe('That slot has just been taken; choose another.');
    expect(timeRefusalText(apiError(409, 'slot_taken'))).toBe(
      'This time is no longer free. Please choose another one.',
    );
    expect(
      timeRefusalText(apiError(409, 'reschedule_window_closed', 'Please call the clinic.')),
    ).toBe('Please call the clinic.');
  });
});

describe('weekdayDateOf', () => {
  it('puts the weekday before the medium date, and leaves anything else as it came', () => {
    expect(weekdayDateOf('2030-11-23')).toBe('Sat, Nov 23, 2030');
    expect(weekdayDateOf('2030-11-25T00:00:00.000Z')).toBe('Mon, Nov 25, 2030');
    expect(weekdayDateOf('2030-11-24')).toBe('Sun, Nov 24, 2030');
    expect(weekdayDateOf('soon')).toBe('soon');
  });
});

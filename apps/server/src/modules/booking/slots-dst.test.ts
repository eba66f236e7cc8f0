/**
 * Wall-clock slots and their instants across daylight-saving changes (design clinic-operations.md
 * section 2.2: spring-forward and fall-back days in Europe/Berlin and America/New_York), the span
 * arithmetic availability is made of, and when the clinic and each lane are open.
 */
import { describe, expect, it } from 'vitest';
import { slotLabel } from '@clinic/shared';
import { clinicOpen, emptyWeek, laneOpen, lanesOf, type Schedule, type ScheduleTreatment } from '../schedule/schedule-rules.ts';
import { bookingClock, freeStarts } from './slots.ts';
import { intersect, normalise, subtract, type Span } from '../../lib/spans.ts';
import { instantOf } from '../../lib/clinic-time.ts';

const CLINIC_DAY: Span[] = [{ start: 480, end: 720 }, { start: 780, end: 1020 }];
const GRID_STARTS = [480, 510, 540, 570, 600, 630, 660, 690, 780, 810, 840, 870, 900, 930, 960, 990];
const at = (date: string, minutes: number, zone: string) => instantOf(date, minutes, zone).toISOString();

/** The wall-clock date and time of an instant in `timeZone`, `YYYY-MM-DD HH:MM`. */
function wallClock(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

describe('instantOf on daylight-saving days', () => {
  it.each([
    // Europe/Berlin springs forward at 02.00 on 2030-03-31 (UTC+1 -> UTC+2) and falls back at 03.00 on 2030-10-27.
    ['2030-03-31', 480, 'Europe/Berlin', '2030-03-31T06:00:00.000Z'],
    ['2030-03-31', 690, 'Europe/Berlin', '2030-03-31T09:30:00.000Z'],
    ['2030-03-31', 990, 'Europe/Berlin', '2030-03-31T14:30:00.000Z'],
    ['2030-10-27', 480, 'Europe/Berlin', '2030-10-27T07:00:00.000Z'],
    ['2030-10-27', 690, 'Europe/Berlin', '2030-10-27T10:30:00.000Z'],
    ['2030-10-27', 990, 'Europe/Berlin', '2030-10-27T15:30:00.000Z'],
    // America/New_York springs forward on 2030-03-10 (UTC-5 -> UTC-4) and falls back on 2030-11-03.
    ['2030-03-10', 480, 'America/New_York', '2030-03-10T12:00:00.000Z'],
    ['2030-03-10', 990, 'America/New_York', '2030-03-10T20:30:00.000Z'],
    ['2030-11-03', 480, 'America/New_York', '2030-11-03T13:00:00.000Z'],
    ['2030-11-03', 990, 'America/New_York', '2030-11-03T21:30:00.000Z'],
    // The days around them, and the clinic's zone in the tests.
    ['2030-03-30', 480, 'Europe/Berlin', '2030-03-30T07:00:00.000Z'],
    ['2030-04-01', 480, 'Europe/Berlin', '2030-04-01T06:00:00.000Z'],
    ['2030-03-31', 480, 'UTC', '2030-03-31T08:00:00.000Z'],
    // Midnight at both ends of the changing days.
    ['2030-03-31', 0, 'Europe/Berlin', '2030-03-30T23:00:00.000Z'],
    ['2030-03-31', 1440, 'Europe/Berlin', '2030-03-31T22:00:00.000Z'],
    ['2030-10-27', 0, 'Europe/Berlin', '2030-10-26T22:00:00.000Z'],
    ['2030-10-27', 1440, 'Europe/Berlin', '2030-10-27T23:00:00.000Z'],
    // Just before and after the change itself.
    ['2030-03-31', 90, 'Europe/Berlin', '2030-03-31T00:30:00.000Z'],
    ['2030-03-31', 180, 'Europe/Berlin', '2030-03-31T01:00:00.000Z'],
    ['2030-10-27', 90, 'Europe/Berlin', '2030-10-26T23:30:00.000Z'],
    ['2030-10-27', 180, 'Europe/Berlin', '2030-10-27T02:00:00.000Z'],
    // A zone half an hour off the hour, without daylight saving.
    ['2030-03-31', 480, 'Asia/Kolkata', '2030-03-31T02:30:00.000Z'],
  ])('%s minute %i in %s is %s', (date, minutes, zone, expected) => {
    expect(at(date, minutes, zone)).toBe(expected);
  });

  it('reads a time the spring-forward skips with the offset before the change, as PostgreSQL does', () => {
    // 02.30 does not exist in Berlin on 2030-03-31: read at UTC+1, it is 01:30Z (03.30 on the clock).
    expect(at('2030-03-31', 150, 'Europe/Berlin')).toBe('2030-03-31T01:30:00.000Z');
    expect(at('2030-03-31', 120, 'Europe/Berlin')).toBe('2030-03-31T01:00:00.000Z');
    // 02.30 does not exist in New York on 2030-03-10: read at UTC-5, 07:30Z.
    expect(at('2030-03-10', 150, 'America/New_York')).toBe('2030-03-10T07:30:00.000Z');
  });

  it('takes the second occurrence of a time the fall-back repeats, as PostgreSQL does', () => {
    // 02.30 happens twice in Berlin on 2030-10-27: first at UTC+2 (00:30Z), then at UTC+1 (01:30Z).
    expect(at('2030-10-27', 150, 'Europe/Berlin')).toBe('2030-10-27T01:30:00.000Z');
    expect(at('2030-10-27', 120, 'Europe/Berlin')).toBe('2030-10-27T01:00:00.000Z');
    // 01.30 happens twice in New York on 2030-11-03: first at UTC-4 (05:30Z), then at UTC-5 (06:30Z).
    expect(at('2030-11-03', 90, 'America/New_York')).toBe('2030-11-03T06:30:00.000Z');
  });

  it.each(['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'])(
    'gives every grid time of the changing days in %s back as the same wall-clock time',
    (zone) => {
      const days = ['2030-03-10', '2030-03-31', '2030-04-07', '2030-10-06', '2030-10-27', '2030-11-03'];
      for (const date of days) {
        for (let minutes = 0; minutes < 1440; minutes += 30) {
          const instant = instantOf(date, minutes, zone);
          const wall = wallClock(instant, zone);
          // A skipped time comes back later on the clock; every other one exactly.
          if (wall !== `${date} ${hhmm(minutes)}`) {
            expect(wall > `${date} ${hhmm(minutes)}`, `${zone} ${date} ${hhmm(minutes)} -> ${wall}`).toBe(true);
            expect(instantOf(date, minutes + 30, zone).getTime() - instant.getTime(), `${zone} ${date} ${hhmm(minutes)}`).toBeLessThanOrEqual(30 * 60_000);
          }
        }
      }
    },
  );
});

describe('the clinic grid on daylight-saving days', () => {
  const days: [string, string][] = [
    ['2030-03-31', 'Europe/Berlin'],
    ['2030-10-27', 'Europe/Berlin'],
    ['2030-03-10', 'America/New_York'],
    ['2030-11-03', 'America/New_York'],
  ];

  it.each(days)('offers exactly the sixteen slots on %s in %s, none twice, none missing, each 30 minutes after the last', (date, zone) => {
    const clock = bookingClock(new Date('2030-03-01T12:00:00Z'), zone, 365);
    const starts = freeStarts(CLINIC_DAY, [], 30, date, clock);
    expect(starts).toEqual(GRID_STARTS);
    expect(new Set(starts).size).toBe(16);
    expect(starts.map((s) => slotLabel(s, s + 30))[0]).toBe('08.00 AM - 08.30 AM');
    const instants = starts.map((s) => instantOf(date, s, zone).getTime());
    expect(new Set(instants).size).toBe(16);
    // Within each stretch of the day, one slot follows the other by half an hour of real time.
    for (let i = 1; i < starts.length; i++) {
      if (starts[i]! - starts[i - 1]! === 30) expect(instants[i]! - instants[i - 1]!, `${date} ${starts[i]}`).toBe(30 * 60_000);
    }
    // 13.00 comes an hour and a half after 11.30 in real time too.
    expect(instants[8]! - instants[7]!).toBe(90 * 60_000);
  });

  it.each(days)('offers a 60-minute treatment fourteen starts on %s in %s', (date, zone) => {
    const clock = bookingClock(new Date('2030-03-01T12:00:00Z'), zone, 365);
    expect(freeStarts(CLINIC_DAY, [], 60, date, clock)).toEqual(GRID_STARTS.filter((s) => s !== 690 && s !== 990));
  });

  it('drops only the started slots on the day of the change, read on the clinic’s clock', () => {
    // 07.45 in Berlin on 2030-03-31 is 05:45Z (summer time began at 02.00): everything is ahead.
    expect(freeStarts(CLINIC_DAY, [], 30, '2030-03-31', bookingClock(new Date('2030-03-31T05:45:00Z'), 'Europe/Berlin', 90))).toHaveLength(16);
    // 08.00 there is 06:00Z: the 08.00 slot has started.
    expect(freeStarts(CLINIC_DAY, [], 30, '2030-03-31', bookingClock(new Date('2030-03-31T06:00:00Z'), 'Europe/Berlin', 90))[0]).toBe(510);
    // On 2030-10-27 08.00 is 07:00Z (winter time again).
    expect(freeStarts(CLINIC_DAY, [], 30, '2030-10-27', bookingClock(new Date('2030-10-27T06:59:00Z'), 'Europe/Berlin', 90))).toHaveLength(16);
    expect(freeStarts(CLINIC_DAY, [], 30, '2030-10-27', bookingClock(new Date('2030-10-27T07:00:00Z'), 'Europe/Berlin', 90))).toHaveLength(15);
    // New York, 2030-11-03: 08.00 EST is 13:00Z.
    expect(freeStarts(CLINIC_DAY, [], 30, '2030-11-03', bookingClock(new Date('2030-11-03T12:59:00Z'), 'America/New_York', 90))).toHaveLength(16);
    expect(freeStarts(CLINIC_DAY, [], 30, '2030-11-03', bookingClock(new Date('2030-11-03T13:00:00Z'), 'America/New_York', 90))).toHaveLength(15);
  });
});

describe('freeStarts', () => {
  const clock = bookingClock(new Date('2030-06-05T10:15:00Z'), 'UTC', 90);

  it('leaves out every start whose time overlaps a taken span, for any duration', () => {
    const taken = [{ start: 540, end: 600 }];
    expect(freeStarts(CLINIC_DAY, taken, 30, '2030-06-06', clock)).toEqual(GRID_STARTS.filter((s) => s !== 540 && s !== 570));
    expect(freeStarts(CLINIC_DAY, taken, 60, '2030-06-06', clock)).toEqual([480, 600, 630, 660, 780, 810, 840, 870, 900, 930, 960]);
  });

  it('starts on the grid inside stretches that do not', () => {
    expect(freeStarts([{ start: 490, end: 600 }], [], 30, '2030-06-06', clock)).toEqual([510, 540, 570]);
  });

  it('offers nothing on a past day or beyond the window, and only what has not started today', () => {
    expect(freeStarts(CLINIC_DAY, [], 30, '2030-06-04', clock)).toEqual([]);
    expect(freeStarts(CLINIC_DAY, [], 30, '2030-09-04', clock)).toEqual([]);
    expect(freeStarts(CLINIC_DAY, [], 30, '2030-09-03', clock)).toHaveLength(16);
    expect(freeStarts(CLINIC_DAY, [], 30, '2030-06-05', clock)[0]).toBe(630);
  });
});

describe('span arithmetic', () => {
  it('normalises: sorted, touching and overlapping spans merged, empty ones dropped, the input untouched', () => {
    const input = [{ start: 780, end: 900 }, { start: 480, end: 600 }, { start: 600, end: 660 }, { start: 870, end: 1020 }, { start: 700, end: 700 }, { start: 650, end: 640 }];
    const copy = structuredClone(input);
    expect(normalise(input)).toEqual([{ start: 480, end: 660 }, { start: 780, end: 1020 }]);
    expect(input).toEqual(copy);
    expect(normalise([])).toEqual([]);
    expect(normalise([{ start: 480, end: 720 }, { start: 500, end: 600 }])).toEqual([{ start: 480, end: 720 }]);
  });

  it('intersects', () => {
    expect(intersect(CLINIC_DAY, [{ start: 600, end: 900 }])).toEqual([{ start: 600, end: 720 }, { start: 780, end: 900 }]);
    expect(intersect(CLINIC_DAY, [{ start: 420, end: 1080 }])).toEqual(CLINIC_DAY);
    expect(intersect(CLINIC_DAY, [{ start: 720, end: 780 }])).toEqual([]); // touching is not overlapping
    expect(intersect(CLINIC_DAY, [])).toEqual([]);
    expect(intersect([], CLINIC_DAY)).toEqual([]);
    expect(intersect([{ start: 480, end: 1020 }], [{ start: 600, end: 660 }, { start: 540, end: 620 }])).toEqual([{ start: 540, end: 660 }]);
  });

  it('subtracts', () => {
    expect(subtract([{ start: 480, end: 720 }], [{ start: 600, end: 660 }])).toEqual([{ start: 480, end: 600 }, { start: 660, end: 720 }]);
    expect(subtract(CLINIC_DAY, [{ start: 480, end: 1020 }])).toEqual([]);
    expect(subtract(CLINIC_DAY, [{ start: 480, end: 540 }, { start: 990, end: 1020 }])).toEqual([{ start: 540, end: 720 }, { start: 780, end: 990 }]);
    expect(subtract(CLINIC_DAY, [{ start: 700, end: 800 }])).toEqual([{ start: 480, end: 700 }, { start: 800, end: 1020 }]);
    expect(subtract(CLINIC_DAY, [{ start: 720, end: 780 }, { start: 0, end: 480 }])).toEqual(CLINIC_DAY);
    expect(subtract(CLINIC_DAY, [])).toEqual(CLINIC_DAY);
    expect(subtract([], [{ start: 480, end: 540 }])).toEqual([]);
  });
});

describe('when the clinic and each lane are open', () => {
  const DOCTOR = 'd0000000-0000-4000-8000-00000000000a';
  const OWN_HOURS = 'd0000000-0000-4000-8000-00000000000b';
  const GONE = 'd0000000-0000-4000-8000-00000000000c';
  const TREATMENT = 't0000000-0000-4000-8000-000000000001';
  const clinicWeekly = emptyWeek();
  for (const day of [1, 2, 3, 4, 5, 7]) clinicWeekly[day] = CLINIC_DAY;
  const ownWeek = emptyWeek();
  ownWeek[1] = [{ start: 420, end: 600 }, { start: 990, end: 1080 }]; // Mondays only, partly outside the clinic's hours
  const doctor = (id: string, active = true) => ({ id, name: id, email: `${id}@clinic.test`, img: '', bio: '', active });
  const exception = (e: Partial<Schedule['exceptions'][number]> & Pick<Schedule['exceptions'][number], 'kind' | 'dateFrom'>) => ({
    id: `${e.kind}-${e.dateFrom}`, doctorId: null, dateTo: e.dateFrom, startMin: null, endMin: null, ...e,
  });
  const schedule: Schedule = {
    version: 1,
    treatments: [],
    doctors: new Map([[DOCTOR, doctor(DOCTOR)], [OWN_HOURS, doctor(OWN_HOURS)], [GONE, doctor(GONE, false)]]),
    clinicWeekly,
    doctorWeekly: new Map([[OWN_HOURS, ownWeek]]),
    exceptions: [
      exception({ kind: 'closed', dateFrom: '2030-06-12' }),
      exception({ kind: 'open', dateFrom: '2030-06-13', startMin: 600, endMin: 720 }),
      exception({ kind: 'blocked', dateFrom: '2030-06-14', startMin: 540, endMin: 600 }),
      exception({ kind: 'closed', dateFrom: '2030-06-17', dateTo: '2030-06-18', doctorId: DOCTOR }),
      exception({ kind: 'open', dateFrom: '2030-06-19', startMin: 420, endMin: 600, doctorId: DOCTOR }),
      exception({ kind: 'blocked', dateFrom: '2030-06-20', startMin: 600, endMin: 660, doctorId: DOCTOR }),
      exception({ kind: 'closed', dateFrom: '2030-06-20', doctorId: OWN_HOURS }),
      // Saturdays are closed by the weekly hours; special hours open one anyway.
      exception({ kind: 'open', dateFrom: '2030-06-22', startMin: 540, endMin: 660 }),
    ],
  };

  it.each([
    ['2030-06-11', 'an ordinary Tuesday', CLINIC_DAY],
    ['2030-06-15', 'a Saturday (no weekly hours)', []],
    ['2030-06-16', 'a Sunday', CLINIC_DAY],
    ['2030-06-12', 'a closed day', []],
    ['2030-06-13', 'special hours', [{ start: 600, end: 720 }]],
    ['2030-06-14', 'a blocked hour', [{ start: 480, end: 540 }, { start: 600, end: 720 }, { start: 780, end: 1020 }]],
    ['2030-06-22', 'a Saturday opened by special hours', [{ start: 540, end: 660 }]],
  ])('clinicOpen on %s (%s)', (date, _what, expected) => {
    expect(clinicOpen(schedule, date)).toEqual(expected);
  });

  it("gives a treatment's own queue the clinic's hours", () => {
    for (const date of ['2030-06-11', '2030-06-12', '2030-06-13', '2030-06-14', '2030-06-15', '2030-06-20']) {
      expect(laneOpen(schedule, TREATMENT, date), date).toEqual(clinicOpen(schedule, date));
    }
  });

  it.each([
    ['2030-06-11', 'no exception: the clinic’s hours', CLINIC_DAY],
    ['2030-06-12', 'the clinic is closed', []],
    ['2030-06-14', 'the clinic’s blocked hour', [{ start: 480, end: 540 }, { start: 600, end: 720 }, { start: 780, end: 1020 }]],
    ['2030-06-17', 'on leave (first day)', []],
    ['2030-06-18', 'on leave (last day)', []],
    ['2030-06-19', 'special hours, only inside the clinic’s', [{ start: 480, end: 600 }]],
    ['2030-06-20', 'blocked 10.00-11.00', [{ start: 480, end: 600 }, { start: 660, end: 720 }, { start: 780, end: 1020 }]],
    ['2030-06-21', 'the day after', CLINIC_DAY],
  ])('laneOpen of a doctor on %s: %s', (date, _what, expected) => {
    expect(laneOpen(schedule, DOCTOR, date)).toEqual(expected);
  });

  it('keeps a doctor’s own weekly hours inside the clinic’s, and closed on their days off', () => {
    expect(laneOpen(schedule, OWN_HOURS, '2030-06-10')).toEqual([{ start: 480, end: 600 }, { start: 990, end: 1020 }]); // Monday
    expect(laneOpen(schedule, OWN_HOURS, '2030-06-11')).toEqual([]); // Tuesday: none of their own
    expect(laneOpen(schedule, OWN_HOURS, '2030-06-12')).toEqual([]); // the clinic closed: so are they
    // Another doctor's exceptions are not theirs, and theirs not the clinic's.
    expect(laneOpen(schedule, OWN_HOURS, '2030-06-19')).toEqual([]);
    expect(laneOpen(schedule, DOCTOR, '2030-06-20')).toEqual([{ start: 480, end: 600 }, { start: 660, end: 720 }, { start: 780, end: 1020 }]);
    expect(clinicOpen(schedule, '2030-06-20')).toEqual(CLINIC_DAY);
  });

  it('books a treatment on its own queue, or on its active doctors (one when asked for)', () => {
    const treatment = (requiresDoctor: boolean, doctorIds: string[]): ScheduleTreatment => ({
      id: TREATMENT, name: 'X', priceCents: 100, durationMin: 30, requiresDoctor, active: true, description: '', recallMonths: null, doctorIds,
    });
    expect(lanesOf(schedule, treatment(false, [DOCTOR]))).toEqual([TREATMENT]);
    expect(lanesOf(schedule, treatment(true, [DOCTOR, OWN_HOURS, GONE]))).toEqual([DOCTOR, OWN_HOURS]);
    expect(lanesOf(schedule, treatment(true, [DOCTOR, OWN_HOURS]), OWN_HOURS)).toEqual([OWN_HOURS]);
    expect(lanesOf(schedule, treatment(true, [DOCTOR]), OWN_HOURS)).toEqual([]);
    expect(lanesOf(schedule, treatment(true, [GONE]))).toEqual([]);
    expect(lanesOf(schedule, treatment(true, []))).toEqual([]);
  });
});

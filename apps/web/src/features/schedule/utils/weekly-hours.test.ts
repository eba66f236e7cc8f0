import { describe, expect, it } from 'vitest';
import {
  dayHoursLabel,
  dayProblemsOf,
  draftOf,
  weekdaysOf,
  weekProblems,
  withStretchAdded,
  type WeekDraft,
} from './weekly-hours.ts';

const morning = { start: 480, end: 720 };
const afternoon = { start: 780, end: 1020 };

function withDay(
  draft: WeekDraft,
  day: keyof WeekDraft,
  stretches: { start: number; end: number }[],
) {
  return { ...draft, [day]: stretches.map((s, i) => ({ id: 1000 + i, ...s })) };
}

describe('the weekly hours model', () => {
  it('builds the PUT body: all seven days, each in time order, a closed day empty', () => {
    const draft = draftOf({ '1': [afternoon, morning], '3': [morning] });
    expect(weekdaysOf(draft)).toEqual({
      '1': [morning, afternoon],
      '2': [],
      '3': [morning],
      '4': [],
      '5': [],
      '6': [],
      '7': [],
    });
    expect(weekdaysOf(draftOf(null))).toEqual({
      '1': [],
      '2': [],
      '3': [],
      '4': [],
      '5': [],
      '6': [],
      '7': [],
    });
  });

  it('refuses overlapping stretches on a day, and says which day', () => {
    const draft = withDay(draftOf({ '1': [morning] }), '2', [morning, { start: 660, end: 840 }]);
    expect(weekProblems(draft)).toEqual({ '2': 'Stretches of one day must not overlap' });
  });

  it('takes stretches that only touch, and refuses one that ends before it starts', () => {
    expect(weekProblems(withDay(draftOf(null), '5', [morning, { start: 720, end: 780 }]))).toEqual(
      {},
    );
    expect(weekProblems(withDay(draftOf(null), '7', [{ start: 600, end: 540 }]))).toEqual({
      '7': 'The end must be after the start',
    });
  });

  it('adds a stretch after a break, within the day; a closed day opens in the morning', () => {
    expect(withStretchAdded([])).toMatchObject([{ start: 480, end: 720 }]);
    const [, added] = withStretchAdded([{ id: 1, ...morning }]);
    expect(added).toMatchObject({ start: 780, end: 1020 });
    const [, late] = withStretchAdded([{ id: 1, start: 1200, end: 1410 }]);
    expect(late).toMatchObject({ start: 1410, end: 1440 });
  });

  it("puts the server's field errors on the days they name", () => {
    expect(
      dayProblemsOf({
        'weekdays.3': ['Overlap on Wednesday'],
        'weekdays.6.0.end': ['Not on the grid'],
        doctorId: ['Not a valid id'],
      }),
    ).toEqual({ '3': 'Overlap on Wednesday', '6': 'Not on the grid' });
  });

  it("words a day's hours in the spec's clock style", () => {
    expect(dayHoursLabel([afternoon, morning])).toBe('08.00 AM – 12.00 PM, 01.00 PM – 05.00 PM');
    expect(dayHoursLabel([])).toBe('Closed');
    expect(dayHoursLabel([{ start: 1320, end: 1440 }])).toBe('10.00 PM – 12.00 AM (midnight)');
  });
});

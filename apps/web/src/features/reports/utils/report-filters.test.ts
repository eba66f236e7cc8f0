import { describe, expect, it } from 'vitest';
import { REPORTS_MAX_RANGE_DAYS, daysBetween } from '@clinic/shared';
import { RANGE_PRESETS, filtersFromSearch, lastDays, reportsSearch } from './report-filters.ts';

const presetRange = (label: string, today: string) =>
  RANGE_PRESETS.find((preset) => preset.label === label)!.range(today);

describe('the range presets', () => {
  it('end today, today included', () => {
    expect(presetRange('Last 7 days', '2030-06-13')).toEqual({
      from: '2030-06-07',
      to: '2030-06-13',
    });
    expect(presetRange('Last 30 days', '2030-06-13')).toEqual({
      from: '2030-05-15',
      to: '2030-06-13',
    });
    expect(presetRange('This month', '2030-06-13')).toEqual({
      from: '2030-06-01',
      to: '2030-06-13',
    });
    expect(presetRange('This year', '2030-06-13')).toEqual({
      from: '2030-01-01',
      to: '2030-06-13',
    });
    expect(presetRange('This year', '2030-01-01')).toEqual({
      from: '2030-01-01',
      to: '2030-01-01',
    });
  });

  it('take the last 12 months from tomorrow a year ago, a leap day included', () => {
    expect(presetRange('Last 12 months', '2030-06-13')).toEqual({
      from: '2029-06-14',
      to: '2030-06-13',
    });
    expect(presetRange('Last 12 months', '2028-02-29')).toEqual({
      from: '2027-03-01',
      to: '2028-02-29',
    });
    expect(presetRange('Last 12 months', '2032-02-28')).toEqual({
      from: '2031-03-01',
      to: '2032-02-28',
    });
    expect(presetRange('Last 12 months', '2030-12-31')).toEqual({
      from: '2030-01-01',
      to: '2030-12-31',
    });
  });

  it('never ask for more days than the server gives', () => {
    for (const today of ['2028-02-29', '2028-12-31', '2029-03-01', '2030-06-13']) {
      for (const preset of RANGE_PRESETS) {
        const { from, to } = preset.range(today);
        expect(daysBetween(from, to) + 1, `${preset.label} on ${today}`).toBeLessThanOrEqual(
          REPORTS_MAX_RANGE_DAYS,
        );
      }
    }
  });
});

describe('filtersFromSearch', () => {
  it('reads the range, the doctor and the treatment from the address', () => {
    const search = new URLSearchParams('from=2030-01-01&to=2030-03-31&doctorId=d1&treatmentId=t1');
    expect(filtersFromSearch(search, '2030-06-13')).toEqual({
      from: '2030-01-01',
      to: '2030-03-31',
      doctorId: 'd1',
      treatmentId: 't1',
    });
  });

  it('takes the last 30 days for an end the address does not name, or names as no day', () => {
    expect(filtersFromSearch(new URLSearchParams(), '2030-06-13')).toEqual({
      ...lastDays('2030-06-13', 30),
      doctorId: '',
      treatmentId: '',
    });
    expect(
      filtersFromSearch(new URLSearchParams('from=yesterday&to=2030-06-20'), '2030-06-13'),
    ).toMatchObject({
      from: '2030-05-15',
      to: '2030-06-20',
    });
  });

  it('keeps a day the server will refuse, as a date input gives it while the year is typed', () => {
    expect(filtersFromSearch(new URLSearchParams('from=0002-06-01'), '2030-06-13').from).toBe(
      '0002-06-01',
    );
  });
});

describe('reportsSearch', () => {
  it('leaves out the filters not chosen', () => {
    expect(
      reportsSearch({
        from: '2030-06-01',
        to: '2030-06-30',
        doctorId: '',
        treatmentId: '',
      }).toString(),
    ).toBe('from=2030-06-01&to=2030-06-30');
    expect(
      reportsSearch({
        from: '2030-06-01',
        to: '2030-06-30',
        doctorId: 'd1',
        treatmentId: 't1',
      }).toString(),
    ).toBe('from=2030-06-01&to=2030-06-30&doctorId=d1&treatmentId=t1');
  });
});

import { describe, expect, it } from 'vitest';
import { dayFilters, isUnconfirmedView, unconfirmedViewFilters } from './unconfirmed-view.ts';

describe('unconfirmedViewFilters', () => {
  it('asks for today and tomorrow, still booked, not confirmed by the patient', () => {
    expect(unconfirmedViewFilters('2030-06-30')).toEqual({
      from: '2030-06-30',
      to: '2030-07-01',
      status: 'confirmed',
      confirmation: 'unconfirmed',
      doctorId: '',
      treatmentId: '',
      q: '',
    });
  });
});

describe('isUnconfirmedView', () => {
  const today = '2030-06-12';

  it('is the view with a doctor or a search on top', () => {
    expect(isUnconfirmedView(unconfirmedViewFilters(today), today)).toBe(true);
    expect(
      isUnconfirmedView({ ...unconfirmedViewFilters(today), doctorId: 'd1', q: 'x' }, today),
    ).toBe(true);
  });

  it.each([
    ['the day alone', dayFilters(today)],
    ['another day', unconfirmedViewFilters('2030-06-11')],
    ['one more day', { ...unconfirmedViewFilters(today), to: '2030-06-14' }],
    ['every status', { ...unconfirmedViewFilters(today), status: '' as const }],
    [
      'the confirmed ones',
      { ...unconfirmedViewFilters(today), confirmation: 'confirmed' as const },
    ],
  ])('is not %s', (_, filters) => {
    expect(isUnconfirmedView(filters, today)).toBe(false);
  });
});

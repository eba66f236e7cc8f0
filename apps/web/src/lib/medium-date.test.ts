import { describe, expect, it } from 'vitest';
import { mediumDateOf } from './medium-date.ts';

describe('mediumDateOf', () => {
  it('shows API dates in the medium style', () => {
    expect(mediumDateOf('2030-06-05')).toBe('Jun 5, 2030');
    expect(mediumDateOf('2030-12-31T00:00:00.000Z')).toBe('Dec 31, 2030');
  });

  it('leaves what it cannot read as it is', () => {
    expect(mediumDateOf('soon')).toBe('soon');
  });
});

import { describe, expect, it } from 'vitest';
import { browserTimeZone, timeZoneChoices } from './time-zones.ts';

describe('time zone choices', () => {
  it('offers the zones the runtime knows, sorted, with the current and the browser zone once each', () => {
    const choices = timeZoneChoices('UTC', browserTimeZone(), 'Europe/Berlin', undefined);
    expect(choices).toContain('Europe/Berlin');
    expect(choices).toContain('America/New_York');
    expect(choices.filter((zone) => zone === 'UTC')).toHaveLength(1);
    expect(choices.filter((zone) => zone === 'Europe/Berlin')).toHaveLength(1);
    expect([...choices].sort((a, b) => a.localeCompare(b))).toEqual(choices);
  });

  it("reads the browser's zone (UTC under the suite's TZ=UTC)", () => {
    expect(browserTimeZone()).toBe('UTC');
  });
});

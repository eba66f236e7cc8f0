/**
 * The time zones a form offers for the clinic: every zone this browser knows, plus the ones the
 * form already holds (the browser's own `UTC`, or the server's, may be missing from the list).
 */

/** The browser's zone (`Europe/Berlin`), or UTC when it does not say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function knownTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** Sorted, each once, with `extra` zones (the current choice, the browser's) included. */
export function timeZoneChoices(...extra: (string | undefined)[]): string[] {
  const zones = new Set(knownTimeZones());
  for (const zone of extra) if (zone) zones.add(zone);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

import { formatMediumDate, parseDateInput } from '@clinic/shared';

/**
 * A date from the API (ISO `YYYY-MM-DD`, possibly with a time after it) in the spec's medium
 * style, `Jun 5, 2030`; anything unparseable is shown as it came.
 */
export function mediumDateOf(value: string): string {
  const iso = parseDateInput(value.slice(0, 10));
  return iso ? formatMediumDate(iso) : value;
}

/** 'Jun 5, 2030', or 'Jun 5, 2030 – Jun 7, 2030' for several days. */
export function dateRangeLabel(from: string, to: string): string {
  return from === to ? mediumDateOf(from) : `${mediumDateOf(from)} – ${mediumDateOf(to)}`;
}

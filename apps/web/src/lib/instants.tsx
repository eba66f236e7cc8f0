/**
 * One way to show an instant (when a deadline closes, when something happened): the spec's medium
 * date and the slots' own clock, `Nov 28, 2026, 10.00 AM`, in the clinic's zone. The slot labels
 * beside it are the clinic's wall clock with no zone, so an instant in another format or zone on
 * the same page read as a different time (issue 31).
 */
import { clockLabel, formatMediumDate } from '@clinic/shared';
import { useClinicTimeZone } from './clinic-query.ts';

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormatIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = partsFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    };
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // A zone this browser does not know: its own zone still says the instant correctly.
      format = new Intl.DateTimeFormat('en-US', options);
    }
    partsFormats.set(key, format);
  }
  return format;
}

/** The instant's calendar date and wall-clock minutes in `timeZone` (the browser's when absent). */
function wallClockOf(
  time: number,
  timeZone: string | undefined,
): { date: string; minutes: number } {
  const parts = partsFormatIn(timeZone).formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: (Number(part('hour')) % 24) * 60 + Number(part('minute')),
  };
}

/** `2026-11-28T09:00:00Z` in Europe/Berlin -> `Nov 28, 2026, 10.00 AM`; unparseable: as it came. */
export function instantLabel(iso: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const { date, minutes } = wallClockOf(time, timeZone || undefined);
  return `${formatMediumDate(date)}, ${clockLabel(minutes)}`;
}

/** The instant's date alone in the clinic's zone (`Nov 28, 2026`), for "written on" lines. */
export function instantDateLabel(iso: string, timeZone?: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : formatMediumDate(wallClockOf(time, timeZone || undefined).date);
}

/** An instant in the clinic's zone, as a `<time>` a screen reader and a copy-paste can use. */
export function Instant({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  const timeZone = useClinicTimeZone();
  return (
    <time dateTime={iso}>
      {dateOnly ? instantDateLabel(iso, timeZone) : instantLabel(iso, timeZone)}
    </time>
  );
}

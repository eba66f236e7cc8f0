/**
 * Calendar dates as the product handles them: ISO `YYYY-MM-DD` on the wire and in the database,
 * the spec's medium format (`Jun 5, 2022`) on screen. Pure functions, no clock, no locale.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An ISO calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

/**
 * The dates the product accepts at all. Every ISO date in this range has a four-digit year, so
 * dates compare correctly as strings and a day added to the last one is still a valid date; a
 * range check against the booking window (or a span limit) comes on top where a route needs it.
 */
export const FIRST_ACCEPTED_YEAR = 1900;
export const LAST_ACCEPTED_YEAR = 2999;

const MS_PER_DAY = 86_400_000;

/** Midnight UTC of a calendar day, for any year (Date.UTC maps the years 0-99 to 1900-1999). */
function utcMidnight(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = utcMidnight(year, month + 1, 0).getUTCDate();
  return day <= daysInMonth;
}

function toIso(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whether a real ISO date lies in the years the product accepts. */
export function isAcceptedDate(iso: IsoDate): boolean {
  const year = Number(iso.slice(0, 4));
  return iso.length === 10 && year >= FIRST_ACCEPTED_YEAR && year <= LAST_ACCEPTED_YEAR;
}

/**
 * Parses `YYYY-MM-DD` or the medium format `Jun 5, 2022` into an ISO date.
 * Returns null for anything malformed or impossible (`2030-02-30`); the caller bounds the year.
 */
export function parseDateInput(input: string): IsoDate | null {
  const text = input.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) {
    const [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    return isRealDate(y, m, d) ? toIso(y, m, d) : null;
  }
  const medium = /^([A-Za-z]{3}) (\d{1,2}), (\d{4})$/.exec(text);
  if (medium) {
    const month = MONTHS.findIndex((name) => name.toLowerCase() === medium[1]!.toLowerCase()) + 1;
    const [y, d] = [Number(medium[3]), Number(medium[2])];
    return month > 0 && isRealDate(y, month, d) ? toIso(y, month, d) : null;
  }
  return null;
}

/** `2022-06-05` -> `Jun 5, 2022`, the spec's medium style. */
export function formatMediumDate(iso: IsoDate): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

// Building an Intl.DateTimeFormat costs far more than using one: one per zone, kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date it is now in an IANA zone, as ISO. */
export function todayInZone(now: Date, timeZone: string): IsoDate {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** Adds whole days to an ISO date (calendar arithmetic, no time zone involved). */
export function addDays(iso: IsoDate, days: number): IsoDate {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = utcMidnight(y, m, d + days);
  return toIso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const day = (iso: IsoDate) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    return utcMidnight(y, m, d).getTime() / MS_PER_DAY;
  };
  return Math.round(day(to) - day(from));
}

/**
 * Every day from `from` to `to`, both included, counted rather than compared (a string
 * comparison breaks past the year 9999), and refused beyond `maxDays` so that no input can make
 * a loop without end.
 */
export function eachDay(from: IsoDate, to: IsoDate, maxDays: number): IsoDate[] {
  const count = daysBetween(from, to) + 1;
  if (count > maxDays) throw new RangeError(`A range of ${count} days is longer than ${maxDays}`);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(from, i));
}

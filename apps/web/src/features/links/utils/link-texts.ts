/**
 * What the signed-link page says: its heading per purpose, the result of an action, and the
 * screens of a link that cannot act (unknown, expired, used). In English by default, as the spec
 * writes it; in the reader's language with the words of `useLinkWords` (the `links` catalog's keys
 * are these English texts).
 */
import {
  bookingConflictSchema,
  ErrorCode,
  isoWeekday,
  parseDateInput,
  type LinkBooking,
  type LinkPurpose,
  type LinkResult,
} from '@clinic/shared';
import { fill, type Values } from '../../../i18n/catalog.ts';
import type { LinksText } from '../../../i18n/links.ts';
import type { Locale } from '../../../i18n/locale.ts';
import { formatOf } from '../../../i18n/format.ts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';

/**
 * The words a text is said in: the `links` catalog's `t`, a day and a slot as the language writes
 * them, and a failure told in words. English by default, the spec's texts and formats.
 */
export type LinkWords = {
  t: (english: LinksText, values?: Values) => string;
  date: (value: string) => string;
  slot: (slot: string) => string;
  problem: (error: unknown) => string;
};

export const englishWords: LinkWords = {
  t: fill,
  date: mediumDateOf,
  slot: (slot) => slot,
  problem: errorMessage,
};

export const linkHeadings = {
  confirm: 'Confirm your appointment',
  reschedule: 'Move your appointment',
  cancel: 'Cancel your appointment',
  'check-in': 'Your appointment today',
  recall: 'Time for your check-up',
  guardian: 'Manage a family member’s appointments',
  handover: 'Your own account',
} as const satisfies Record<LinkPurpose, LinksText>;

/** The purposes a reminder's links have, on whose page the patient can also ask for a call. */
export function isReminderPurpose(purpose: LinkPurpose): boolean {
  return purpose === 'confirm' || purpose === 'reschedule' || purpose === 'cancel';
}

export const CALLBACK_DONE_TEXT = 'We will call you.' satisfies LinksText;
export const CALLBACK_OPEN_TEXT = 'You asked us to call you; we will.' satisfies LinksText;
export const STOPPED_TEXT = 'You will get no more reminder emails.' satisfies LinksText;
export const RECALL_STOPPED_TEXT = 'You will get no more check-up reminders.' satisfies LinksText;
export const SNOOZED_TEXT = "We'll remind you again in a month." satisfies LinksText;

const WEEKDAYS_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A day offered to book, with its weekday: `Sat, Nov 23, 2030`. */
export function weekdayDateOf(value: string): string {
  const iso = parseDateInput(value.slice(0, 10));
  if (!iso) return value;
  return `${WEEKDAYS_SHORT[isoWeekday(iso) - 1]}, ${mediumDateOf(iso)}`;
}

/** The same in the reader's language: `Sat, Nov 23, 2030`, `sáb, 23 nov 2030`, `Sa., 23. Nov. 2030`. */
export function localWeekdayDate(locale: Locale, value: string): string {
  if (locale === 'en') return weekdayDateOf(value);
  const iso = parseDateInput(value.slice(0, 10));
  if (!iso) return value;
  // A calendar day, not an instant: read and written in UTC so no zone moves it.
  const format = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  } as const;
  return formatOf(`w${locale}`, () => new Intl.DateTimeFormat(locale, format)).format(new Date(`${iso}T00:00:00Z`));
}

/** What a done action says; `booking` is the one the link showed, in case the answer has none. */
export function resultText(
  result: LinkResult,
  firstName: string,
  shown: LinkBooking | undefined,
  { t, date, slot }: LinkWords = englishWords,
): string {
  const booking = result.booking ?? shown;
  const name = firstName;
  const when = booking && { name, date: date(booking.date), slot: slot(booking.slot) };
  const doctor = booking?.doctor ? doctorTitle(booking.doctor) : null;
  switch (result.done) {
    case 'confirmed':
      return when
        ? t("You're confirmed, {{name}}. See you on {{date}} at {{slot}}.", when)
        : t("You're confirmed, {{name}}.", { name });
    case 'cancelled':
      return t('Your appointment is cancelled.');
    case 'rescheduled':
      if (!when) return t('Your appointment is moved.');
      return doctor
        ? t('Your appointment is moved to {{date}} at {{slot}} with {{doctor}}.', {
            ...when,
            doctor,
          })
        : t('Your appointment is moved to {{date}} at {{slot}}.', when);
    case 'booked':
      if (!when) return t("You're booked, {{name}}.", { name });
      return doctor
        ? t("You're booked, {{name}}: {{date}} at {{slot}} with {{doctor}}.", { ...when, doctor })
        : t("You're booked, {{name}}: {{date}} at {{slot}}.", when);
    case 'checked-in':
      return t("You're checked in, {{name}}. Please take a seat; we'll call you.", { name });
    case 'callback':
      return t(CALLBACK_DONE_TEXT);
    case 'stopped':
      return t(STOPPED_TEXT);
    case 'snoozed':
      return t(SNOOZED_TEXT);
    case 'guardian-added':
      return t("You now manage {{name}}'s appointments. They are on My Appointments.", { name });
    case 'handed-over':
      return t(
        'Your account is ready, {{name}}. Please log in with your email and the password you chose.',
        { name },
      );
  }
}

export type LinkProblem = { heading: LinksText; detail: string };

/**
 * The answers that mean the link cannot act at all (asking again will not help): unknown (404),
 * expired (410), used or made for an appointment that has changed since (409 `link_used`).
 * Null for anything else, which is worth a retry.
 */
export function linkProblemOf(error: unknown): LinkProblem | null {
  if (!isApiError(error)) return null;
  if (error.status === 404) {
    return { heading: 'This link is not valid', detail: error.detail ?? 'This link is not valid.' };
  }
  if (error.status === 410 || error.code === ErrorCode.LINK_EXPIRED) {
    return {
      heading: 'This link has expired',
      detail: error.detail ?? 'This link has expired.',
    };
  }
  if (error.code === ErrorCode.LINK_USED) {
    return {
      heading: 'This link no longer works',
      detail: error.detail ?? 'This link has already been used.',
    };
  }
  return null;
}

/**
 * Whether a booking or a move was refused because the time is not free (any more): the spec's conflict body
 * (`{ success: false, booking }`) or a problem `conflict` / `slot_taken`, not a closed window or
 * a used link (409s too).
 */
export function isTimeTaken(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 409) return false;
  return (
    error.code === ErrorCode.CONFLICT ||
    error.code === ErrorCode.SLOT_TAKEN ||
    bookingConflictSchema.safeParse(error.body).success
  );
}

export const TIME_TAKEN_TEXT =
  'This time is no longer free. Please choose another one.' satisfies LinksText;

/**
 * Why a booking or a move was refused, in the server's words; a time taken meanwhile says so
 * even when the server's answer has no detail.
 */
export function timeRefusalText(error: unknown, { t, problem }: LinkWords = englishWords): string {
  if (!isTimeTaken(error)) return problem(error);
  return isApiError(error) && error.detail ? problem(error) : t(TIME_TAKEN_TEXT);
}

/**
 * The server's answers about a used link, which name the time it was used in the server's English
 * format: the time is written again from the answer's `usedAt` in the reader's language. Every other
 * answer with a value in it (minutes, hours, a phone) is translated by the catalog itself, whose
 * `{{placeholder}}` keys fit the text they came in (i18n/catalogs.ts `fitting`).
 */
const answersWithValues: readonly [RegExp, LinksText][] = [
  [
    /^You confirmed this appointment on (?<time>.+)\.$/,
    'You confirmed this appointment on {{time}}.',
  ],
  [
    /^This appointment was cancelled on (?<time>.+)\.$/,
    'This appointment was cancelled on {{time}}.',
  ],
  [/^You checked in on (?<time>.+)\.$/, 'You checked in on {{time}}.'],
  [/^This invitation was accepted on (?<time>.+)\.$/, 'This invitation was accepted on {{time}}.'],
  [
    /^This link was used on (?<time>.+)\. Please sign in to see your appointment as it is now\.$/,
    'This link was used on {{time}}. Please sign in to see your appointment as it is now.',
  ],
];

/**
 * A text from the server in the reader's language: one of the answers above with its value (the
 * time a link was used written again from the answer's `usedAt`, with `instant`), or word for word
 * from the catalog (`text`); anything else as it came.
 */
export function localServerText(
  message: string,
  body: unknown,
  {
    text,
    t,
    instant,
  }: { text: (english: string) => string; t: LinkWords['t']; instant: (iso: string) => string },
): string {
  const usedAt = (body as { usedAt?: unknown } | undefined)?.usedAt;
  for (const [pattern, key] of answersWithValues) {
    const time = pattern.exec(message)?.groups?.time;
    if (time) return t(key, { time: typeof usedAt === 'string' ? instant(usedAt) : time });
  }
  return text(message);
}

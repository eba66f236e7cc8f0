/** An iCalendar (RFC 5545) event for a booking, in the clinic's time zone. Pure. */
import { replaceControlCharacters, slotEndMinutes, slotStartMinutes } from '@clinic/shared';

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, `;` and `,` escaped, a line break (CRLF, LF or a
 * bare CR, which some readers take as the end of the line and so the start of a property) as
 * `\n`, and any other control character, which TEXT does not allow, as a space.
 */
export function escapeText(text: string): string {
  const escaped = text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
  return replaceControlCharacters(escaped);
}

function localStamp(isoDate: string, minutes: number): string {
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${isoDate.replaceAll('-', '')}T${hh}${mm}00`;
}

export function bookingIcs(input: {
  uid: string;
  date: string;
  slot: string;
  treatment: string;
  timeZone: string;
  organizer: string;
  now: Date;
  /** The booking was cancelled: the event removes it from the patient's calendar (RFC 5546 CANCEL). */
  cancelled?: { sequence: number };
  /** The event's revision (the booking's version after a reschedule): calendars replace older ones. */
  sequence?: number;
}): string {
  const start = slotStartMinutes(input.slot) ?? 0;
  const end = slotEndMinutes(input.slot) ?? start + 30;
  const stamp = input.now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Doctors Portal//Booking//EN',
    'CALSCALE:GREGORIAN',
    input.cancelled ? 'METHOD:CANCEL' : 'METHOD:PUBLISH',
    `X-WR-TIMEZONE:${input.timeZone}`,
    'BEGIN:VEVENT',
    `UID:${input.uid}@doctors-portal`,
    `DTSTAMP:${stamp}`,
    ...(input.cancelled ? [`SEQUENCE:${input.cancelled.sequence}`] : input.sequence !== undefined ? [`SEQUENCE:${input.sequence}`] : []),
    `DTSTART;TZID=${input.timeZone}:${localStamp(input.date, start)}`,
    `DTEND;TZID=${input.timeZone}:${localStamp(input.date, end)}`,
    `SUMMARY:${escapeText(`${input.treatment} at Doctors Portal`)}`,
    `DESCRIPTION:${escapeText(`Your ${input.treatment} appointment, ${input.slot}.`)}`,
    `ORGANIZER:mailto:${input.organizer}`,
    input.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

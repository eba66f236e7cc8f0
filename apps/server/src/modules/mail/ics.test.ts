import { describe, expect, it } from 'vitest';
import { bookingIcs, escapeText } from './ics.ts';

const base = {
  uid: '0f1e2d3c-0000-4000-8000-000000000000',
  date: '2030-06-10',
  slot: '09.00 AM - 09.30 AM',
  timeZone: 'Europe/Berlin',
  organizer: 'clinic@example.com',
  now: new Date('2030-06-05T10:15:00Z'),
};

/** How a lenient reader splits the file: at CRLF, and at a bare CR or LF too. */
const linesOf = (ics: string) => ics.split(/\r\n|\r|\n/).filter((line) => line !== '');

describe('bookingIcs: a treatment name cannot add a property', () => {
  it.each([
    ['a bare CR', 'Cleaning\rATTENDEE:mailto:x@evil.com'],
    ['CRLF', 'Cleaning\r\nATTENDEE:mailto:x@evil.com'],
    ['LF', 'Cleaning\nATTENDEE:mailto:x@evil.com'],
    ['a CR with other control characters', 'Cleaning\u0000\u000b\u001b\u007f\u0085\rATTENDEE:mailto:x@evil.com'],
  ])('escapes %s: one line per property, none of them the injected one', (_, treatment) => {
    const ics = bookingIcs({ ...base, treatment });
    const lines = linesOf(ics);
    expect(lines.filter((line) => line.startsWith('ATTENDEE'))).toEqual([]);
    expect(lines).toHaveLength(ics.split('\r\n').length - 1);
    for (const line of lines) expect(line, line).toMatch(/^[A-Z-]+[;:]/);
    // Only the CRLF that end lines: no other control character anywhere.
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(ics.replaceAll('\r\n', '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(lines.find((line) => line.startsWith('SUMMARY:'))).toMatch(/^SUMMARY:Cleaning(\\n| )+ATTENDEE:mailto:x@evil.com at Doctors Portal$/);
  });

  it('escapes TEXT as RFC 5545 says: backslash, semicolon, comma, line breaks as \\n', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('tab\tand\u0000nul')).toBe('tab and nul');
  });

  it('keeps a plain event as it was', () => {
    const lines = linesOf(bookingIcs({ ...base, treatment: 'Teeth Cleaning' }));
    expect(lines).toContain('SUMMARY:Teeth Cleaning at Doctors Portal');
    expect(lines).toContain('DESCRIPTION:Your Teeth Cleaning appointment\\, 09.00 AM - 09.30 AM.');
    expect(lines).toContain('DTSTART;TZID=Europe/Berlin:20300610T090000');
  });
});

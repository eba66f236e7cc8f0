/**
 * Replies to the clinic's texts (practice-loop.md section 5): `C` or `YES` confirms the sender's
 * next appointment, `R` answers with a link to move it, `STOP` (and the carriers' other opt-out
 * words) stops texts to that number. The sender is known only by the number their texts go to
 * (`users.sms_phone`); a number no account takes texts at gets no answer.
 *
 * Confirming goes through the booking service as a confirm link does; the reschedule link is a
 * signed link of its own (links module), made as the reply is written, for that booking only.
 */
import { formatMediumDate } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import type { BookingRow, BookingService } from '../booking/booking.service.ts';
import type { Caller } from '../identity/caller.ts';
import type { LinksService } from '../links/links.service.ts';
import { findTexters, stopTextsTo } from './sms.repository.ts';

export interface SmsServiceDeps {
  db: Db;
  now: () => Date;
  booking: Pick<BookingService, 'confirmAttendance' | 'nextUpcomingOf'>;
  links: Pick<LinksService, 'mint'>;
  clinicPhone?: string;
  log?: { warn(obj: object, msg: string): void };
}

/** The opt-out words Twilio itself honours: each stops texts here too, so both agree. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const CONFIRM_WORDS = new Set(['C', 'YES', 'Y', 'CONFIRM']);
const MOVE_WORDS = new Set(['R', 'RESCHEDULE', 'MOVE']);

/** The command a reply is: its first word, upper case, without punctuation ("Yes!" is YES). */
export function commandOf(body: string): string {
  return (body.trim().split(/\s+/)[0] ?? '').toUpperCase().replace(/[^A-Z]/g, '');
}

export function createSmsService(deps: SmsServiceDeps) {
  const { db, now, booking, links } = deps;
  const help = () =>
    `Doctors Portal: reply C to confirm your next appointment, R to move it, or STOP to stop texts.${deps.clinicPhone ? ` Or call ${deps.clinicPhone}.` : ''}`;
  const visit = (row: BookingRow) => `${row.treatmentName} on ${formatMediumDate(row.date)} at ${row.slot}`;

  return {
    /** One inbound text from `from` (E.164): the reply to send back, or null for none. */
    async inbound(from: string, body: string): Promise<string | null> {
      const command = commandOf(body);
      if (STOP_WORDS.has(command)) {
        // The provider confirms an opt-out itself; a second answer would be one text too many.
        await stopTextsTo(db, from, now());
        return null;
      }
      const texters = await findTexters(db, from);
      if (texters.length === 0) return null;
      if (!CONFIRM_WORDS.has(command) && !MOVE_WORDS.has(command)) return help();
      const next = await booking.nextUpcomingOf(texters.map((t) => t.id), now());
      if (!next) return 'Doctors Portal: you have no upcoming appointment.';
      const patient = texters.find((t) => t.id === next.patientId)!;
      if (MOVE_WORDS.has(command)) {
        const urls = await links.mint(db, { bookingId: next.id, patientId: patient.id, bookingVersion: next.version, expiresAt: next.startsAt }, ['reschedule']);
        return `Doctors Portal: choose a new time for your ${visit(next)}: ${urls.get('reschedule')}`;
      }
      const caller: Caller = {
        userId: patient.id,
        email: patient.email,
        name: patient.name,
        role: 'user',
        doctorId: null,
        sessionId: `sms:${from}`,
        twoFactorEnabled: false,
        isAdmin: false,
        emailVerified: patient.emailVerified,
      };
      try {
        await booking.confirmAttendance(caller, next.id, next.version);
      } catch (error) {
        // It changed between the read and the confirm (moved, cancelled): the patient asks again.
        deps.log?.warn({ err: error, bookingId: next.id }, 'a text confirmation could not be recorded');
        return `Doctors Portal: we could not confirm your appointment just now. Please try again${deps.clinicPhone ? ` or call ${deps.clinicPhone}` : ''}.`;
      }
      return `Doctors Portal: thank you, your ${visit(next)} is confirmed.`;
    },
  };
}

export type SmsService = ReturnType<typeof createSmsService>;

/**
 * Replies to the clinic's texts (practice-loop.md section 5): `C` or `YES` confirms the sender's
 * next appointment, `R` answers with a link to move it, `STOP` (and the carriers' other opt-out
 * words) stops texts to that number. The sender is known only by the number their texts go to
 * (`users.sms_phone`); a number no account takes texts at gets no answer.
 *
 * Confirming goes through the booking service as a confirm link does; the reschedule link is a
 * signed link of its own (links module), made as the reply is written, for that booking only.
 * Answers go in the language of the account texting (the clinic's DEFAULT_LOCALE when it chose
 * none, or when several accounts share the number and do not agree).
 */
import { isLocale, type Locale } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import type { BookingRow, BookingService } from '../booking/booking.service.ts';
import type { Caller } from '../identity/caller.ts';
import type { LinksService } from '../links/links.service.ts';
import { createMailTexts } from '../mail/mail-texts.ts';
import { findTexters, stopTextsTo } from './sms.repository.ts';

export interface SmsServiceDeps {
  db: Db;
  now: () => Date;
  booking: Pick<BookingService, 'confirmAttendance' | 'nextUpcomingOf'>;
  links: Pick<LinksService, 'mint'>;
  clinicPhone?: string;
  /** DEFAULT_LOCALE (absent: English). */
  defaultLocale?: Locale;
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
  const texts = createMailTexts(deps.defaultLocale ?? 'en');
  const { t } = texts;
  const phone = deps.clinicPhone;
  const visit = (lng: Locale, row: BookingRow) => t(lng, 'smsReply.visit', { treatment: row.treatmentName, when: texts.when(lng, row.date, row.slot) });
  /** The texters' language: theirs when they agree, else the clinic's. */
  const languageOf = (texters: { locale: string | null }[]): Locale => {
    const chosen = new Set(texters.map((x) => (isLocale(x.locale) ? x.locale : null)));
    return texts.localeOf(chosen.size === 1 ? [...chosen][0] : null);
  };

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
      const lng = languageOf(texters);
      if (!CONFIRM_WORDS.has(command) && !MOVE_WORDS.has(command)) return phone ? t(lng, 'smsReply.helpOrCall', { phone }) : t(lng, 'smsReply.help');
      const next = await booking.nextUpcomingOf(texters.map((x) => x.id), now());
      if (!next) return t(lng, 'smsReply.none');
      const patient = texters.find((x) => x.id === next.patientId)!;
      if (MOVE_WORDS.has(command)) {
        const urls = await links.mint(db, { bookingId: next.id, patientId: patient.id, bookingVersion: next.version, expiresAt: next.startsAt }, ['reschedule']);
        return t(lng, 'smsReply.move', { visit: visit(lng, next), link: urls.get('reschedule') ?? '' });
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
        return phone ? t(lng, 'smsReply.failedOrCall', { phone }) : t(lng, 'smsReply.failed');
      }
      return t(lng, 'smsReply.confirmed', { visit: visit(lng, next) });
    },
  };
}

export type SmsService = ReturnType<typeof createSmsService>;

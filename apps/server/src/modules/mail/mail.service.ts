/**
 * What the clinic sends (contact messages to its inbox, account links and booking confirmations
 * to patients), and the outbox as other modules and the admin route read or erase it. A patient's
 * mail is written in their language (mail-texts.ts); the clinic's own stay English.
 */
import { replaceControlCharacters, type AccountExport, type Locale, type OutboxEntry } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import type { PendingWrite } from '../../lib/pending-write.ts';
import { bookingIcs } from './ics.ts';
import { createMailTexts } from './mail-texts.ts';
import { linkPlaceholder } from '../links/link-placeholders.ts';
import { formsPlaceholder } from '../forms/forms-placeholder.ts';
import { dayWord, remindersFor, type QuietHours, type ReminderOffset } from '../reminders/reminder-rules.ts';
import {
  cancelPendingReminders,
  enqueueMail as storeMail,
  enqueueMails as storeMails,
  enqueueMailsWrite as storeMailsLater,
  type NewMail,
  eraseMailsOf as eraseMailRows,
  listMailsOf,
  listOutbox,
  countMailsByState,
  listScheduledMails,
  localesOf,
} from './outbox.repository.ts';

export interface MailDeps {
  /** Where contact messages go; unset = they are kept for admins to read on the Messages page. */
  clinicInbox?: string;
  fromAddress: string;
  timeZone: string;
  publicUrl: string;
  now: () => Date;
  /** REMINDER_OFFSETS and REMINDER_QUIET_HOURS; absent: no reminders. */
  reminders?: { offsets: readonly ReminderOffset[]; quietHours: QuietHours | null };
  /** Said in reminders, for a patient who can no longer change the appointment online. */
  clinicPhone?: string;
  /** DEFAULT_LOCALE: the language of a patient who chose none (absent: English). */
  defaultLocale?: Locale;
}

/** Whom a patient's mail goes to, and in which language if the caller knows it (undefined: look it up). */
interface Recipient {
  userId: string | null;
  locale?: Locale | null;
}

/** An account's link mail: its address, name and link, and its language when the caller has it. */
type AccountMailTo = { userId: string; email: string; name: string; url: string; locale?: Locale | null };

/** What a mail about a booking says of it. */
interface BookingOfMail {
  id: string;
  /** The account the booking belongs to: the mail is its data. Null once detached. */
  patientId: string | null;
  patientEmail: string;
  patientName: string;
  treatmentName: string;
  date: string;
  slot: string;
  /** The guardian who booked a dependent's appointment: its mails go to them, in their language. */
  bookedBy?: string | null;
  /** The language of whoever receives its mails, when the caller knows it (a booking being made). */
  locale?: Locale | null;
}

/** What a booking's reminders are computed from. */
interface RemindedBooking extends BookingOfMail {
  version: number;
  startMin: number;
  startsAt: Date;
}

type CalendarChange = Pick<Parameters<typeof bookingIcs>[0], 'cancelled' | 'sequence'>;

/** A moved booking's event replaces the older ones in the patient's calendar (SEQUENCE = version). */
const revisionOf = (booking: { version: number }): CalendarChange => (booking.version > 1 ? { sequence: booking.version } : {});

export function createMailService(deps: MailDeps) {
  const organizer = deps.fromAddress.replace(/^.*<|>.*$/g, '');
  const texts = createMailTexts(deps.defaultLocale ?? 'en');
  const { t } = texts;
  // A patient's page and message links, in the mail's language (`?lang=`, English as it was).
  const page = (lng: Locale, path: string) => texts.url(lng, `${deps.publicUrl}${path}`);
  const link = (lng: Locale, purpose: Parameters<typeof linkPlaceholder>[0]) => texts.url(lng, linkPlaceholder(purpose));
  // Due now by the app's clock (which tests pin), unless a mail says when (a reminder). The
  // subject is a header: a line break in a treatment's name or a contact subject would start
  // another one, so every control character in it becomes a space.
  const stamp = (mail: NewMail): NewMail => ({ nextAttemptAt: deps.now(), ...mail, subject: replaceControlCharacters(mail.subject) });
  const enqueueMail = (db: Db, mail: NewMail) => storeMail(db, stamp(mail));
  const enqueueMails = (db: Db, mails: NewMail[]) => storeMails(db, mails.map(stamp));

  /** Each recipient's language: the one given, else their account's, else DEFAULT_LOCALE. */
  async function languagesOf(db: Db, recipients: Recipient[]): Promise<Locale[]> {
    const unknown = [...new Set(recipients.flatMap((r) => (r.locale === undefined && r.userId ? [r.userId] : [])))];
    const chosen = await localesOf(db, unknown);
    return recipients.map((r) => texts.localeOf(r.locale !== undefined ? r.locale : r.userId ? chosen.get(r.userId) : null));
  }
  /** A booking's mails go to the guardian who booked it for a dependent, else to its patient. */
  const recipientOf = (booking: BookingOfMail): Recipient => ({ userId: booking.bookedBy ?? booking.patientId, locale: booking.locale });
  const languagesOfBookings = (db: Db, bookings: BookingOfMail[]) => languagesOf(db, bookings.map(recipientOf));

  /**
   * A booking's reminders at its current version (design section 5.4): one outbox row per
   * REMINDER_OFFSETS entry, not before its due time, keyed so it exists once, and re-checked
   * against the booking when claimed.
   */
  function remindersOf(booking: RemindedBooking, lng: Locale): NewMail[] {
    if (!deps.reminders || booking.patientEmail === '') return [];
    const settings = { ...deps.reminders, timeZone: deps.timeZone };
    return remindersFor(booking, settings, deps.now()).map((r) => {
      const day = dayWord(booking.date, r.dueAt, deps.timeZone);
      const treatment = booking.treatmentName;
      const mail = bookingMail(booking, lng, 'booking-reminder', (when) => ({
        subject: t(lng, day === 'today' ? 'reminder.subjectToday' : day === 'tomorrow' ? 'reminder.subjectTomorrow' : 'reminder.subject', { treatment, when }),
        body: [
          t(lng, 'reminder.intro', { treatment, when, zone: deps.timeZone }),
          // Made when the mail goes (links module): one purpose each, this booking only, no password.
          t(lng, 'reminder.confirm', { link: link(lng, 'confirm') }),
          deps.clinicPhone
            ? t(lng, 'reminder.changeOrCall', { rescheduleLink: link(lng, 'reschedule'), cancelLink: link(lng, 'cancel'), phone: deps.clinicPhone })
            : t(lng, 'reminder.change', { rescheduleLink: link(lng, 'reschedule'), cancelLink: link(lng, 'cancel') }),
          // On the day: checking in from the phone as the patient arrives (section 6.4).
          ...(day === 'today' ? [t(lng, 'reminder.checkIn', { link: link(lng, 'check-in') })] : []),
          t(lng, 'reminder.closing', { url: page(lng, '/dashboard/profile') }) + formsPlaceholder(lng),
        ].join('\n\n'),
        calendar: null,
      }));
      // Its text, for a patient who takes texts (made when the mail goes): the replies C and R act.
      const smsBody = t(lng, day === 'today' ? 'reminder.smsToday' : day === 'tomorrow' ? 'reminder.smsTomorrow' : 'reminder.sms', {
        treatment,
        when: texts.when(lng, booking.date, booking.slot),
      });
      return { ...mail, smsBody, nextAttemptAt: r.dueAt, expiresAt: r.expiresAt, bookingId: booking.id, bookingVersion: booking.version, dedupeKey: r.dedupeKey };
    });
  }

  function calendarFor(booking: BookingOfMail, change: CalendarChange = {}): string {
    return bookingIcs({
      uid: booking.id,
      date: booking.date,
      slot: booking.slot,
      treatment: booking.treatmentName,
      timeZone: deps.timeZone,
      organizer,
      now: deps.now(),
      ...change,
    });
  }

  /** A mail to the booking's patient about it: the greeting, the signature and its calendar file. */
  function bookingMail(
    booking: BookingOfMail,
    lng: Locale,
    kind: string,
    content: (when: string) => { subject: string; body: string; calendar?: CalendarChange | null },
  ) {
    const { subject, body, calendar } = content(texts.when(lng, booking.date, booking.slot));
    return {
      kind,
      toAddress: booking.patientEmail,
      userId: booking.patientId,
      subject,
      textBody: texts.letter(lng, booking.patientName, body),
      ics: calendar === null ? null : calendarFor(booking, calendar),
    };
  }

  /** An account's link (verification, reset, welcome) in its language. */
  async function accountMail(db: Db, kind: 'email-verification' | 'password-reset' | 'patient-welcome', to: AccountMailTo) {
    const [lng] = await languagesOf(db, [to]);
    const key = kind === 'email-verification' ? 'emailVerification' : kind === 'password-reset' ? 'passwordReset' : 'patientWelcome';
    await enqueueMail(db, {
      kind,
      userId: to.userId,
      toAddress: to.email,
      subject: t(lng!, `${key}.subject`),
      textBody: texts.letter(lng!, to.name, t(lng!, `${key}.body`, { url: to.url })),
    });
  }

  return {
    /** The mails' words, for a line filled in when a mail is sent (forms.service.ts). */
    texts,
    /** `userId`: the signed-in account that sent it, whose data the mail is; null when sent signed out. */
    async queueContactMessage(tx: Db, message: { email: string; subject: string; message: string }, userId: string | null) {
      if (!deps.clinicInbox) return;
      await enqueueMail(tx, {
        kind: 'contact',
        userId,
        toAddress: deps.clinicInbox,
        replyTo: message.email,
        subject: `[Contact] ${message.subject}`,
        textBody: `From: ${message.email}\n\n${message.message}\n`,
      });
    },

    /** The link that proves a new account's address (Better Auth calls this at sign-up). */
    async queueEmailVerification(db: Db, to: AccountMailTo) {
      await accountMail(db, 'email-verification', to);
    },

    /** The single-use link to choose a new password (Better Auth calls this on request-password-reset). */
    async queuePasswordReset(db: Db, to: AccountMailTo) {
      await accountMail(db, 'password-reset', to);
    },

    /**
     * The welcome of a patient the front desk booked (by phone): an account was made for them;
     * the link chooses a password and lasts days (identity/auth.ts WELCOME_LINK_DAYS).
     */
    async queuePatientWelcome(db: Db, to: AccountMailTo) {
      await accountMail(db, 'patient-welcome', to);
    },

    /**
     * The welcome of a staff account an admin made (`POST /api/admin/staff`): the same single-use
     * link as a password reset, worded as an invitation to choose a first password. Staff pages
     * are English, and so is this.
     */
    async queueStaffWelcome(db: Db, to: AccountMailTo) {
      await enqueueMail(db, {
        kind: 'staff-welcome',
        userId: to.userId,
        toAddress: to.email,
        subject: 'Your Doctors Portal staff account',
        textBody:
          `Dear ${to.name},\n\nThe clinic has made you a staff account at Doctors Portal. ` +
          `To choose your password and sign in, open this link within 7 days; it works once:\n${to.url}\n\n` +
          `If the link has expired, ask for a new one with "Forgot password" on the sign-in page, using this address.\n\nDoctors Portal\n`,
      });
    },

    /**
     * One confirmation per booking, with its `.ics`, and its reminders: one insert, as a pending
     * write (lib/pending-write.ts) for the transaction that books them to send with its own. The
     * bookings carry their recipient's language (the caller's, read with the session): no query.
     */
    bookingConfirmationWrites(tx: Db, bookings: (RemindedBooking & { priceCents: number; locale: Locale | null })[]): PendingWrite[] {
      return storeMailsLater(
        tx,
        bookings.flatMap((booking) => {
          const lng = texts.localeOf(booking.locale);
          return [
            bookingMail(booking, lng, 'booking-confirmation', (when) => ({
              subject: t(lng, 'confirmation.subject', { when }),
              body:
                t(lng, 'confirmation.body', { treatment: booking.treatmentName, when, zone: deps.timeZone, price: texts.money(lng, booking.priceCents), url: page(lng, '/dashboard') }) +
                formsPlaceholder(lng),
            })),
            ...remindersOf(booking, lng),
          ];
        }).map(stamp),
      );
    },

    /**
     * The language an account chose for its mails (null: none, DEFAULT_LOCALE), for a booking
     * made by someone else than its recipient (the front desk, a recall link): one query, off
     * the patient's own booking path, whose session carries it.
     */
    async recipientLocale(db: Db, userId: string): Promise<Locale | null> {
      return (await localesOf(db, [userId])).get(userId) ?? null;
    },

    /**
     * A recall message (practice-loop.md section 4): the first before the due date, then the
     * follow-ups. Keyed by recall, due date and stage, so that it exists once whatever runs it;
     * its link is made when it is sent (links module).
     */
    async queueRecall(tx: Db, recall: { id: string; userId: string; email: string; name: string; treatment: string; dueDate: string; stage: number; linkPlaceholder: string; locale?: Locale | null }) {
      const [lng] = await languagesOf(tx, [recall]);
      const due = texts.date(lng!, recall.dueDate);
      const treatment = recall.treatment;
      await enqueueMail(tx, {
        kind: 'recall',
        userId: recall.userId,
        toAddress: recall.email,
        dedupeKey: `recall:${recall.id}:${recall.dueDate}:${recall.stage}`,
        subject: t(lng!, recall.stage === 0 ? 'recall.subject' : 'recall.subjectDue', { treatment }),
        textBody: texts.letter(lng!, recall.name, [
          t(lng!, recall.stage === 0 ? 'recall.almostDue' : 'recall.due', { treatment, due }),
          t(lng!, 'recall.choose', { link: texts.url(lng!, recall.linkPlaceholder) }),
          ...(deps.clinicPhone ? [t(lng!, 'recall.call', { phone: deps.clinicPhone })] : []),
          t(lng!, 'recall.stop', { url: page(lng!, '/dashboard/profile') }),
        ].join('\n\n')),
        smsBody: t(lng!, 'recall.sms', { treatment, due, link: texts.url(lng!, recall.linkPlaceholder) }),
      });
    },

    /** A cancelled booking's reminders are withdrawn; pass the cancelling transaction. */
    async withdrawReminders(tx: Db, bookingIds: readonly string[]) {
      await cancelPendingReminders(tx, bookingIds);
    },

    /**
     * A waitlist offer (design section 5.5): one concrete time, to book before it expires. No
     * calendar file: nothing is booked yet.
     */
    async queueWaitlistOffer(tx: Db, offer: { patientId: string; patientEmail: string; patientName: string; treatmentName: string; date: string; slot: string; doctorName: string | null; expiresAt: Date; locale?: Locale | null }) {
      if (offer.patientEmail === '') return;
      const [lng] = await languagesOf(tx, [{ userId: offer.patientId, locale: offer.locale }]);
      const minutes = Math.max(1, Math.round((offer.expiresAt.getTime() - deps.now().getTime()) / 60_000));
      const when = texts.when(lng!, offer.date, offer.slot);
      const free = { treatment: offer.treatmentName, when, zone: deps.timeZone };
      await enqueueMail(tx, {
        kind: 'waitlist-offer',
        userId: offer.patientId,
        toAddress: offer.patientEmail,
        subject: t(lng!, 'waitlistOffer.subject', { treatment: offer.treatmentName, when }),
        textBody: texts.letter(lng!, offer.patientName, [
          offer.doctorName ? t(lng!, 'waitlistOffer.freeWithDoctor', { ...free, doctor: offer.doctorName }) : t(lng!, 'waitlistOffer.free', free),
          t(lng!, 'waitlistOffer.bookWithin', { count: minutes, url: page(lng!, '/dashboard/waitlist') }),
          t(lng!, 'waitlistOffer.leave'),
        ].join('\n\n')),
        expiresAt: offer.expiresAt,
      });
    },

    /**
     * An invitation about a dependent (links module): to a guardian-to-be, or to the dependent
     * taking their own account. Neither may have an account yet: it reads in the inviter's language.
     */
    async queueInvitation(tx: Db, invitation: { purpose: 'guardian' | 'handover'; invitedBy: string; email: string; inviterName: string; dependentName: string; link: string; until: string; expiresAt: Date }) {
      const [lng] = await languagesOf(tx, [{ userId: invitation.invitedBy }]);
      const group = invitation.purpose === 'guardian' ? 'guardianInvitation' : 'handoverInvitation';
      const values = { inviter: invitation.inviterName, dependent: invitation.dependentName, link: texts.url(lng!, invitation.link), until: texts.date(lng!, invitation.until) };
      await enqueueMail(tx, {
        kind: `${invitation.purpose}-invitation`,
        userId: null,
        toAddress: invitation.email,
        subject: t(lng!, `${group}.subject`, values),
        textBody: t(lng!, `${group}.body`, values),
        expiresAt: invitation.expiresAt,
      });
    },

    /** A booking's calendar file as the patient downloads it: the latest revision, or its cancellation. */
    calendarOf(booking: BookingOfMail & { version: number; status: string }): string {
      return calendarFor(booking, booking.status === 'cancelled' ? { cancelled: { sequence: booking.version + 1 } } : revisionOf(booking));
    },

    /** A refund the processor refused: the clinic must contact the patient. To CLINIC_INBOX, when set. */
    async queueRefundFailed(tx: Db, refund: { bookingId: string; amountCents: number; reason: string }) {
      if (!deps.clinicInbox) return;
      await enqueueMail(tx, {
        kind: 'refund-failed',
        toAddress: deps.clinicInbox,
        subject: `[Refund failed] booking ${refund.bookingId}`,
        textBody:
          `A refund of $${(refund.amountCents / 100).toFixed(2)} for booking ${refund.bookingId} could not be completed: ` +
          `${refund.reason}.\n\nPlease contact the patient: ${deps.publicUrl}/dashboard/all-appointments\n`,
      });
    },

    /**
     * A card payment came in for a booking that could not take it (cancelled, or paid already):
     * the clinic learns the money is going back, and why.
     */
    async queueLatePaymentRefund(tx: Db, late: { bookingId: string; amountCents: number; transactionId: string; reason: string }) {
      if (!deps.clinicInbox) return;
      await enqueueMail(tx, {
        kind: 'late-payment-refund',
        toAddress: deps.clinicInbox,
        subject: `[Payment refunded] booking ${late.bookingId}`,
        textBody:
          `A card payment of $${(late.amountCents / 100).toFixed(2)} (${late.transactionId}) for booking ${late.bookingId} ` +
          `arrived, but ${late.reason}. It is being refunded in full; the booking is not marked paid.\n\n` +
          `The booking's history: ${deps.publicUrl}/dashboard/all-appointments\n`,
      });
    },

    /**
     * A cancellation by the patient, or by the front desk (`byClinic`: with its reason and an
     * apology), with a calendar CANCEL (same UID, the next SEQUENCE).
     */
    async queuePatientCancellation(tx: Db, booking: BookingOfMail & { version: number }, refund: { amount: number } | null, byClinic?: { reason: string }) {
      if (booking.patientEmail === '') return;
      const [lng] = await languagesOfBookings(tx, [booking]);
      await enqueueMail(
        tx,
        bookingMail(booking, lng!, 'booking-cancelled', (when) => {
          const about = { treatment: booking.treatmentName, when, zone: deps.timeZone };
          const notice = !byClinic
            ? t(lng!, 'cancelled.byPatient', about)
            : byClinic.reason
              ? t(lng!, 'cancelled.byFrontDeskWithReason', { ...about, reason: byClinic.reason })
              : t(lng!, 'cancelled.byFrontDesk', about);
          const refunded = refund ? ` ${t(lng!, 'cancelled.refund', { amount: texts.moneyWithCents(lng!, Math.round(refund.amount * 100)) })}` : '';
          return {
            subject: t(lng!, 'cancelled.subject', { when }),
            body: `${notice}${refunded}\n\n${t(lng!, 'cancelled.bookAgain', { url: page(lng!, '/appointment') })}`,
            calendar: { cancelled: { sequence: booking.version + 1 } },
          };
        }),
      );
    },

    /** The appointment moved: the calendar event is updated in place (same UID, SEQUENCE = version). */
    async queueRescheduled(tx: Db, booking: RemindedBooking, from: { date: string; slot: string }) {
      // The old time's reminders go; the new time's are queued (their keys name the new version).
      await cancelPendingReminders(tx, [booking.id]);
      if (booking.patientEmail === '') return;
      const [lng] = await languagesOfBookings(tx, [booking]);
      await enqueueMails(tx, [
        bookingMail(booking, lng!, 'booking-rescheduled', (when) => ({
          subject: t(lng!, 'rescheduled.subject', { when }),
          body:
            `${t(lng!, 'rescheduled.body', { treatment: booking.treatmentName, from: texts.when(lng!, from.date, from.slot), when, zone: deps.timeZone })}\n\n` +
            t(lng!, 'rescheduled.see', { url: page(lng!, '/dashboard') }),
          calendar: revisionOf(booking),
        })),
        ...remindersOf(booking, lng!),
      ]);
    },

    /**
     * One mail per booking the clinic cancelled (a closure, a removed doctor or treatment), with
     * an `.ics` that removes it from the patient's calendar; pass the cancelling transaction.
     */
    async queueClinicCancellations(tx: Db, bookings: (BookingOfMail & { version: number })[], reason: string) {
      const addressed = bookings.filter((b) => b.patientEmail !== '');
      if (addressed.length === 0) return;
      const languages = await languagesOfBookings(tx, addressed);
      await enqueueMails(
        tx,
        addressed.map((booking, i) => {
          const lng = languages[i]!;
          return bookingMail(booking, lng, 'booking-cancelled', (when) => {
            const about = { treatment: booking.treatmentName, when, zone: deps.timeZone };
            return {
              subject: t(lng, 'cancelled.subject', { when }),
              body:
                `${reason ? t(lng, 'cancelled.byClinicWithReason', { ...about, reason }) : t(lng, 'cancelled.byClinic', about)}\n\n` +
                t(lng, 'cancelled.chooseAnother', { url: page(lng, '/appointment') }),
              calendar: { cancelled: { sequence: booking.version + 1 } },
            };
          });
        }),
      );
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

/**
 * The outbox at `at` for the background-work screen: how many mails per state (pending ones
 * split into due and scheduled) and the next `limit` scheduled ones.
 */
export async function outboxOverview(db: Db, at: Date, limit = 20) {
  const counts = { pending: 0, scheduled: 0, sending: 0, failed: 0, cancelled: 0, expired: 0 };
  for (const m of await countMailsByState(db, at)) {
    if (m.status === 'pending') counts[m.scheduled ? 'scheduled' : 'pending'] += m.n;
    else if (m.status !== 'sent') counts[m.status] += m.n;
  }
  const upcoming = (await listScheduledMails(db, at, limit)).map((m) => ({ _id: m.id, kind: m.kind, to: m.toAddress, subject: m.subject, notBefore: m.nextAttemptAt.toISOString() }));
  return { counts, upcoming };
}

/** The latest `limit` mails, newest first, as `GET /api/outbox` answers them. */
export async function listRecentMails(db: Db, limit = 100): Promise<OutboxEntry[]> {
  return (await listOutbox(db, limit)).map((m) => ({
    _id: m.id,
    kind: m.kind,
    to: m.toAddress,
    subject: m.subject,
    status: m.status,
    attempts: m.attempts,
    lastError: m.lastError,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
    notBefore: m.nextAttemptAt.toISOString(),
    bookingId: m.bookingId,
  }));
}

/**
 * The mails that are an account's data, oldest first, as its export lists them: those queued to
 * it or by its own action, found by the account id they carry, never by address (an address
 * need not be verified, and may have been someone else's). Never the bodies.
 */
export async function exportMailsOf(db: Db, userId: string): Promise<AccountExport['mails']> {
  return (await listMailsOf(db, userId)).map((m) => ({
    kind: m.kind,
    subject: m.subject,
    createdAt: m.createdAt.toISOString(),
    status: m.status,
  }));
}

/**
 * Erasure of an account's mail, in `tx`, by its id: unsent mail deleted, sent mail kept with its
 * kind and dates under the pseudonym `subjectRef`. Returns how many sent ones were kept.
 */
export function eraseMailsOf(tx: Db, userId: string, subjectRef: string): Promise<number> {
  return eraseMailRows(tx, userId, subjectRef);
}

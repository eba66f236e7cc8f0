/**
 * What the clinic sends (contact messages to its inbox, account links and booking confirmations
 * to patients), and the outbox as other modules and the admin route read or erase it.
 */
import { formatMediumDate, replaceControlCharacters, type AccountExport, type OutboxEntry } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import type { PendingWrite } from '../../lib/pending-write.ts';
import { bookingIcs } from './ics.ts';
import { linkPlaceholder } from '../links/link-placeholders.ts';
import { FORMS_PLACEHOLDER } from '../forms/forms-placeholder.ts';
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
}

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
  // Due now by the app's clock (which tests pin), unless a mail says when (a reminder). The
  // subject is a header: a line break in a treatment's name or a contact subject would start
  // another one, so every control character in it becomes a space.
  const stamp = (mail: NewMail): NewMail => ({ nextAttemptAt: deps.now(), ...mail, subject: replaceControlCharacters(mail.subject) });
  const enqueueMail = (db: Db, mail: NewMail) => storeMail(db, stamp(mail));
  const enqueueMails = (db: Db, mails: NewMail[]) => storeMails(db, mails.map(stamp));

  /**
   * A booking's reminders at its current version (design section 5.4): one outbox row per
   * REMINDER_OFFSETS entry, not before its due time, keyed so it exists once, and re-checked
   * against the booking when claimed.
   */
  function remindersOf(booking: RemindedBooking): NewMail[] {
    if (!deps.reminders || booking.patientEmail === '') return [];
    const settings = { ...deps.reminders, timeZone: deps.timeZone };
    return remindersFor(booking, settings, deps.now()).map((r) => {
      const day = dayWord(booking.date, r.dueAt, deps.timeZone);
      const mail = bookingMail(booking, 'booking-reminder', (when) => ({
        subject: `Reminder: ${booking.treatmentName} ${day ? `${day}, ` : ''}${when}`,
        body:
          `This is a reminder of your ${booking.treatmentName} appointment on ${when} (${deps.timeZone} time).\n\n` +
          // Made when the mail goes (links module): one purpose each, this booking only, no password.
          `Are you coming? Please confirm: ${linkPlaceholder('confirm')}\n\n` +
          `If you cannot come, move it: ${linkPlaceholder('reschedule')}\n` +
          `or cancel it: ${linkPlaceholder('cancel')}` +
          `${deps.clinicPhone ? `\nor call ${deps.clinicPhone}` : ''}.\n\n` +
          // On the day: checking in from the phone as the patient arrives (section 6.4).
          `${day === 'today' ? `When you arrive, check in here: ${linkPlaceholder('check-in')}\n\n` : ''}` +
          `These links are for this appointment only and work until it starts. ` +
          `You can turn these reminders off on your profile: ${deps.publicUrl}/dashboard/profile${FORMS_PLACEHOLDER}`,
        calendar: null,
      }));
      // Its text, for a patient who takes texts (made when the mail goes): the replies C and R act.
      const smsBody =
        `Doctors Portal: reminder of your ${booking.treatmentName} ${day ? `${day}, ` : ''}${formatMediumDate(booking.date)} at ${booking.slot}. ` +
        `Reply C to confirm or R to move it. Reply STOP to stop texts.`;
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
    kind: string,
    content: (when: string) => { subject: string; body: string; calendar?: CalendarChange | null },
  ) {
    const { subject, body, calendar } = content(`${formatMediumDate(booking.date)} at ${booking.slot}`);
    return {
      kind,
      toAddress: booking.patientEmail,
      userId: booking.patientId,
      subject,
      textBody: `Dear ${booking.patientName},\n\n${body}\n\nDoctors Portal\n`,
      ics: calendar === null ? null : calendarFor(booking, calendar),
    };
  }

  return {
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
    async queueEmailVerification(db: Db, to: { userId: string; email: string; name: string; url: string }) {
      await enqueueMail(db, {
        kind: 'email-verification',
        userId: to.userId,
        toAddress: to.email,
        subject: 'Confirm your email address for Doctors Portal',
        textBody:
          `Dear ${to.name},\n\nPlease confirm that this address is yours by opening this link within 24 hours:\n` +
          `${to.url}\n\nIf you did not sign up at Doctors Portal, you can ignore this mail.\n\nDoctors Portal\n`,
      });
    },

    /** The single-use link to choose a new password (Better Auth calls this on request-password-reset). */
    async queuePasswordReset(db: Db, to: { userId: string; email: string; name: string; url: string }) {
      await enqueueMail(db, {
        kind: 'password-reset',
        userId: to.userId,
        toAddress: to.email,
        subject: 'Reset your Doctors Portal password',
        textBody:
          `Dear ${to.name},\n\nSomeone asked to reset the password of your Doctors Portal account. ` +
          `To choose a new one, open this link within one hour; it works once:\n${to.url}\n\n` +
          `If it was not you, ignore this mail: your password stays as it is.\n\nDoctors Portal\n`,
      });
    },

    /**
     * The welcome of a patient the front desk booked (by phone): an account was made for them;
     * the link chooses a password and lasts days (identity/auth.ts WELCOME_LINK_DAYS).
     */
    async queuePatientWelcome(db: Db, to: { userId: string; email: string; name: string; url: string }) {
      await enqueueMail(db, {
        kind: 'patient-welcome',
        userId: to.userId,
        toAddress: to.email,
        subject: 'Your Doctors Portal account',
        textBody:
          `Dear ${to.name},\n\nThe clinic has booked your appointment and made you an account at Doctors Portal, ` +
          `where you can see, move or cancel your appointments and pay for them. ` +
          `To choose your password, open this link within 7 days; it works once:\n${to.url}\n\n` +
          `You do not need an account to come to your appointment. If the link has expired, use "Forgot password" on the sign-in page with this address.\n\nDoctors Portal\n`,
      });
    },

    /**
     * The welcome of a staff account an admin made (`POST /api/admin/staff`): the same single-use
     * link as a password reset, worded as an invitation to choose a first password.
     */
    async queueStaffWelcome(db: Db, to: { userId: string; email: string; name: string; url: string }) {
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
     * write (lib/pending-write.ts) for the transaction that books them to send with its own.
     */
    bookingConfirmationWrites(tx: Db, bookings: (RemindedBooking & { priceCents: number })[]): PendingWrite[] {
      return storeMailsLater(
        tx,
        bookings.flatMap((booking) => [
          bookingMail(booking, 'booking-confirmation', (when) => ({
            subject: `Appointment is set, ${when}`,
            body:
              `Your ${booking.treatmentName} appointment is set for ${when} (${deps.timeZone} time). ` +
              `The fee is $${booking.priceCents / 100}; you can pay it from My Appointments: ${deps.publicUrl}/dashboard${FORMS_PLACEHOLDER}`,
          })),
          ...remindersOf(booking),
        ]).map(stamp),
      );
    },

    /**
     * A recall message (practice-loop.md section 4): the first before the due date, then the
     * follow-ups. Keyed by recall, due date and stage, so that it exists once whatever runs it;
     * its link is made when it is sent (links module).
     */
    async queueRecall(tx: Db, recall: { id: string; userId: string; email: string; name: string; treatment: string; dueDate: string; stage: number; linkPlaceholder: string }) {
      const due = formatMediumDate(recall.dueDate);
      await enqueueMail(tx, {
        kind: 'recall',
        userId: recall.userId,
        toAddress: recall.email,
        dedupeKey: `recall:${recall.id}:${recall.dueDate}:${recall.stage}`,
        subject: recall.stage === 0 ? `Time for your ${recall.treatment}: book your check-up` : `Your ${recall.treatment} is due: book a time`,
        textBody:
          `Dear ${recall.name},\n\n` +
          `${recall.stage === 0 ? 'It is almost time for' : 'You are due for'} your ${recall.treatment} (due ${due}).\n\n` +
          `Choose a time, no password needed: ${recall.linkPlaceholder}\n\n` +
          `${deps.clinicPhone ? `Or call us on ${deps.clinicPhone}.\n\n` : ''}` +
          `You can stop these messages from the link, or on your profile: ${deps.publicUrl}/dashboard/profile\n\nDoctors Portal\n`,
        smsBody: `Doctors Portal: your ${recall.treatment} is due (${due}). Choose a time, no password needed: ${recall.linkPlaceholder} Reply STOP to stop texts.`,
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
    async queueWaitlistOffer(tx: Db, offer: { patientId: string; patientEmail: string; patientName: string; treatmentName: string; date: string; slot: string; doctorName: string | null; expiresAt: Date }) {
      if (offer.patientEmail === '') return;
      const minutes = Math.max(1, Math.round((offer.expiresAt.getTime() - deps.now().getTime()) / 60_000));
      await enqueueMail(tx, {
        kind: 'waitlist-offer',
        userId: offer.patientId,
        toAddress: offer.patientEmail,
        subject: `A time for ${offer.treatmentName} is free: ${formatMediumDate(offer.date)} at ${offer.slot}`,
        textBody:
          `Dear ${offer.patientName},\n\nA time you were waiting for has come free: ${offer.treatmentName} on ` +
          `${formatMediumDate(offer.date)} at ${offer.slot} (${deps.timeZone} time)${offer.doctorName ? ` with ${offer.doctorName}` : ''}.\n\n` +
          `The first patient to book it gets it. Book it within ${minutes} minutes from your waitlist: ${deps.publicUrl}/dashboard/waitlist\n\n` +
          `If you no longer need it, you can leave the waitlist there.\n\nDoctors Portal\n`,
        expiresAt: offer.expiresAt,
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
      await enqueueMail(
        tx,
        bookingMail(booking, 'booking-cancelled', (when) => ({
          subject: `Appointment cancelled, ${when}`,
          body:
            (byClinic
              ? `We are sorry: the clinic has cancelled your ${booking.treatmentName} appointment on ${when} (${deps.timeZone} time)` +
                `${byClinic.reason ? `. Reason: ${byClinic.reason}` : ''}.`
              : `Your ${booking.treatmentName} appointment on ${when} (${deps.timeZone} time) is cancelled.`) +
            `${refund ? ` $${refund.amount.toFixed(2)} will be refunded to your card.` : ''}\n\n` +
            `Book another time whenever you like: ${deps.publicUrl}/appointment`,
          calendar: { cancelled: { sequence: booking.version + 1 } },
        })),
      );
    },

    /** The appointment moved: the calendar event is updated in place (same UID, SEQUENCE = version). */
    async queueRescheduled(tx: Db, booking: RemindedBooking, from: { date: string; slot: string }) {
      // The old time's reminders go; the new time's are queued (their keys name the new version).
      await cancelPendingReminders(tx, [booking.id]);
      if (booking.patientEmail === '') return;
      await enqueueMails(tx, [
        bookingMail(booking, 'booking-rescheduled', (when) => ({
          subject: `Appointment moved, ${when}`,
          body:
            `Your ${booking.treatmentName} appointment has moved from ${formatMediumDate(from.date)} at ${from.slot} ` +
            `to ${when} (${deps.timeZone} time).\n\nSee it in My Appointments: ${deps.publicUrl}/dashboard`,
          calendar: revisionOf(booking),
        })),
        ...remindersOf(booking),
      ]);
    },

    /**
     * One mail per booking the clinic cancelled (a closure, a removed doctor or treatment), with
     * an `.ics` that removes it from the patient's calendar; pass the cancelling transaction.
     */
    async queueClinicCancellations(tx: Db, bookings: (BookingOfMail & { version: number })[], reason: string) {
      const addressed = bookings.filter((b) => b.patientEmail !== '');
      if (addressed.length === 0) return;
      await enqueueMails(
        tx,
        addressed.map((booking) =>
          bookingMail(booking, 'booking-cancelled', (when) => ({
            subject: `Appointment cancelled, ${when}`,
            body:
              `We are sorry: the clinic had to cancel your ${booking.treatmentName} appointment on ${when} ` +
              `(${deps.timeZone} time)${reason ? `. Reason: ${reason}` : ''}.\n\nPlease choose another time: ${deps.publicUrl}/appointment`,
            calendar: { cancelled: { sequence: booking.version + 1 } },
          })),
        ),
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

/** What the clinic sends: contact messages to its inbox and booking confirmations to patients. */
import { formatMediumDate } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { bookingIcs } from './ics.ts';
import { enqueueMail, enqueueMails } from './outbox.repository.ts';

export interface MailDeps {
  /** Where contact messages go; unset = they are kept for admins to read on the Messages page. */
  clinicInbox?: string;
  fromAddress: string;
  timeZone: string;
  publicUrl: string;
  now: () => Date;
}

export function createMailService(deps: MailDeps) {
  return {
    async queueContactMessage(tx: Db, message: { email: string; subject: string; message: string }) {
      if (!deps.clinicInbox) return;
      await enqueueMail(tx, {
        kind: 'contact',
        toAddress: deps.clinicInbox,
        replyTo: message.email,
        subject: `[Contact] ${message.subject}`,
        textBody: `From: ${message.email}\n\n${message.message}\n`,
      });
    },

    /** The link that proves a new account's address (Better Auth calls this at sign-up). */
    async queueEmailVerification(db: Db, to: { email: string; name: string; url: string }) {
      await enqueueMail(db, {
        kind: 'email-verification',
        toAddress: to.email,
        subject: 'Confirm your email address for Doctors Portal',
        textBody:
          `Dear ${to.name},\n\nPlease confirm that this address is yours by opening this link within 24 hours:\n` +
          `${to.url}\n\nIf you did not sign up at Doctors Portal, you can ignore this mail.\n\nDoctors Portal\n`,
      });
    },

    /** The single-use link to choose a new password (Better Auth calls this on request-password-reset). */
    async queuePasswordReset(db: Db, to: { email: string; name: string; url: string }) {
      await enqueueMail(db, {
        kind: 'password-reset',
        toAddress: to.email,
        subject: 'Reset your Doctors Portal password',
        textBody:
          `Dear ${to.name},\n\nSomeone asked to reset the password of your Doctors Portal account. ` +
          `To choose a new one, open this link within one hour; it works once:\n${to.url}\n\n` +
          `If it was not you, ignore this mail: your password stays as it is.\n\nDoctors Portal\n`,
      });
    },

    /** One confirmation per booking, with its `.ics`; pass the transaction that booked them. */
    async queueBookingConfirmations(
      tx: Db,
      bookings: { id: string; patientEmail: string; patientName: string; treatmentName: string; date: string; slot: string; priceCents: number }[],
    ) {
      const organizer = deps.fromAddress.replace(/^.*<|>.*$/g, '');
      const now = deps.now();
      await enqueueMails(
        tx,
        bookings.map((booking) => {
          const when = `${formatMediumDate(booking.date)} at ${booking.slot}`;
          return {
            kind: 'booking-confirmation',
            toAddress: booking.patientEmail,
            subject: `Appointment is set, ${when}`,
            textBody:
              `Dear ${booking.patientName},\n\nYour ${booking.treatmentName} appointment is set for ${when} ` +
              `(${deps.timeZone} time). The fee is $${booking.priceCents / 100}; you can pay it from My Appointments: ` +
              `${deps.publicUrl}/dashboard\n\nDoctors Portal\n`,
            ics: bookingIcs({
              uid: booking.id,
              date: booking.date,
              slot: booking.slot,
              treatment: booking.treatmentName,
              timeZone: deps.timeZone,
              organizer,
              now,
            }),
          };
        }),
      );
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

/**
 * Every mail and text the mail service writes, in English, pinned byte for byte (the snapshot was
 * taken before the texts moved into the catalogs): `en` must stay today's wording. Then the same
 * mails in Spanish and German, and how each mail's language is chosen.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { parseReminderOffsets } from '../reminders/reminder-rules.ts';
import { createMailService, type MailDeps } from './mail.service.ts';

const written: unknown[] = [];
/** The languages the accounts chose, as the users table would answer them. */
const chosen = new Map<string, 'en' | 'es' | 'de' | null>();
vi.mock('./outbox.repository.ts', () => ({
  enqueueMail: async (_db: unknown, mail: unknown) => void written.push(mail),
  enqueueMails: async (_db: unknown, mails: unknown[]) => void written.push(...mails),
  enqueueMailsWrite: (_db: unknown, mails: unknown[]) => (written.push(...mails), []),
  cancelPendingReminders: async () => {},
  eraseMailsOf: async () => 0,
  listMailsOf: async () => [],
  listOutbox: async () => [],
  countMailsByState: async () => [],
  listScheduledMails: async () => [],
  localesOf: async (_db: unknown, ids: string[]) => new Map(ids.map((id) => [id, chosen.get(id) ?? null])),
}));

const db = {} as Db;
const now = new Date('2030-03-04T09:00:00Z');
const deps = (extra: Partial<MailDeps> = {}): MailDeps => ({
  clinicInbox: 'inbox@clinic.test',
  fromAddress: 'Doctors Portal <portal@clinic.test>',
  timeZone: 'Europe/Berlin',
  publicUrl: 'https://portal.test',
  now: () => now,
  reminders: { offsets: parseReminderOffsets('3d,24h,2h'), quietHours: null },
  ...extra,
});
const booking = {
  id: '00000000-0000-4000-8000-000000000001',
  patientId: 'patient-1',
  patientEmail: 'ann@example.com',
  patientName: 'Ann Lee',
  treatmentName: 'Teeth Cleaning',
  date: '2030-03-10',
  slot: '10.00 AM - 10.30 AM',
  version: 1,
  startMin: 600,
  startsAt: new Date('2030-03-10T09:00:00Z'),
  priceCents: 1700,
  locale: null,
};
const person = { userId: 'patient-1', email: 'ann@example.com', name: 'Ann Lee', url: 'https://portal.test/link?token=abc' };

async function allMails(mail: ReturnType<typeof createMailService>) {
  written.length = 0;
  await mail.queueContactMessage(db, { email: 'bob@example.com', subject: 'Hours\nplease', message: 'When are you open?' }, null);
  await mail.queueEmailVerification(db, person);
  await mail.queuePasswordReset(db, person);
  await mail.queuePatientWelcome(db, person);
  await mail.queueStaffWelcome(db, person);
  mail.bookingConfirmationWrites(db, [booking, { ...booking, id: '00000000-0000-4000-8000-000000000002', priceCents: 1950, date: '2030-03-05', startsAt: new Date('2030-03-05T09:00:00Z') }]);
  const recall = { id: '00000000-0000-4000-8000-00000000000a', userId: 'patient-1', email: 'ann@example.com', name: 'Ann Lee', treatment: 'Teeth Cleaning', dueDate: '2030-04-01', linkPlaceholder: '{{link:recall:00000000-0000-4000-8000-00000000000a}}' };
  await mail.queueRecall(db, { ...recall, stage: 0 });
  await mail.queueRecall(db, { ...recall, stage: 1 });
  const offer = { patientId: 'patient-1', patientEmail: 'ann@example.com', patientName: 'Ann Lee', treatmentName: 'Teeth Cleaning', date: '2030-03-10', slot: '10.00 AM - 10.30 AM' };
  await mail.queueWaitlistOffer(db, { ...offer, doctorName: 'Dr. Kim', expiresAt: new Date(now.getTime() + 30 * 60_000) });
  await mail.queueWaitlistOffer(db, { ...offer, doctorName: null, expiresAt: new Date(now.getTime() + 60_000) });
  await mail.queueRefundFailed(db, { bookingId: booking.id, amountCents: 1700, reason: 'card expired' });
  await mail.queueLatePaymentRefund(db, { bookingId: booking.id, amountCents: 1700, transactionId: 'pi_1', reason: 'the booking was cancelled' });
  await mail.queuePatientCancellation(db, booking, null);
  await mail.queuePatientCancellation(db, booking, { amount: 17 });
  await mail.queuePatientCancellation(db, booking, { amount: 17 }, { reason: 'The doctor is ill' });
  await mail.queuePatientCancellation(db, booking, null, { reason: '' });
  await mail.queueRescheduled(db, { ...booking, version: 2 }, { date: '2030-03-08', slot: '08.00 AM - 08.30 AM' });
  await mail.queueClinicCancellations(db, [booking], 'The clinic is closed');
  await mail.queueClinicCancellations(db, [booking], '');
  return [...written];
}

describe('the mails in English', () => {
  beforeEach(() => {
    written.length = 0;
  });

  it('read as they always have, with a clinic phone', async () => {
    expect(await allMails(createMailService(deps({ clinicPhone: '+1 555 0100' })))).toMatchSnapshot();
  });

  it('read as they always have, without one', async () => {
    expect(await allMails(createMailService(deps()))).toMatchSnapshot();
  });
});

describe('the mails in Spanish and German', () => {
  beforeEach(() => {
    written.length = 0;
    chosen.clear();
  });

  it.each(['es', 'de'] as const)('every patient mail reads in %s for a clinic whose default it is; the clinic’s and the staff’s stay English', async (lng) => {
    const mails = (await allMails(createMailService(deps({ clinicPhone: '+1 555 0100', defaultLocale: lng })))) as { kind: string; subject: string; textBody: string; smsBody?: string }[];
    expect(mails).toMatchSnapshot();
    const english = (await allMails(createMailService(deps({ clinicPhone: '+1 555 0100' })))) as typeof mails;
    for (const [i, mail] of mails.entries()) {
      const same = mail.subject === english[i]!.subject && mail.textBody === english[i]!.textBody;
      // The clinic's inbox and a staff welcome are for the clinic's people: English, as the staff pages.
      expect(same, `${mail.kind}: ${mail.subject}`).toBe(['contact', 'staff-welcome', 'refund-failed', 'late-payment-refund'].includes(mail.kind));
    }
    // Dates, times and money as their readers write them.
    const confirmation = mails.find((m) => m.kind === 'booking-confirmation')!;
    expect(confirmation.subject).toBe(lng === 'es' ? 'Cita confirmada: 10 mar 2030, 10:00–10:30' : 'Termin gebucht: 10.03.2030, 10:00–10:30 Uhr');
    expect(confirmation.textBody).toMatch(lng === 'es' ? /importe es de 17\sUS\$;/ : /Gebühr beträgt 17\s\$;/);
  });

  it('an account’s own language wins over the clinic’s default; a booking’s given language needs no look-up', async () => {
    chosen.set('patient-1', 'de');
    const mail = createMailService(deps({ defaultLocale: 'es' }));
    await mail.queuePasswordReset(db, { ...person });
    mail.bookingConfirmationWrites(db, [{ ...booking, locale: 'es' }]);
    await mail.queueRecall(db, { id: 'r1', userId: 'patient-1', email: 'ann@example.com', name: 'Ann Lee', treatment: 'Teeth Cleaning', dueDate: '2030-04-01', stage: 0, linkPlaceholder: '{{link}}' });
    const [reset, confirmation, , , , recall] = written as { kind: string; subject: string; textBody: string }[];
    expect(reset!.subject).toBe('Setzen Sie Ihr Passwort für Doctors Portal zurück');
    expect(confirmation!.subject).toMatch(/^Cita confirmada/);
    expect(recall!.kind).toBe('recall');
    expect(recall!.textBody).toContain('01.04.2030');
  });

  it('a dependent’s booking mails its guardian in the guardian’s language', async () => {
    chosen.set('guardian-1', 'es');
    const mail = createMailService(deps());
    await mail.queuePatientCancellation(db, { ...booking, patientId: 'child-1', bookedBy: 'guardian-1', locale: undefined }, null);
    expect((written[0] as { subject: string }).subject).toBe('Cita cancelada: 10 mar 2030, 10:00–10:30');
  });

  it('invitations about a dependent read as they always did in English, and in the inviter’s language', async () => {
    const invitation = { invitedBy: 'guardian-1', email: 'new@example.com', inviterName: 'Ann Lee', dependentName: 'Tim Lee', link: '{{invitation:1}}', until: '2030-03-11', expiresAt: now };
    chosen.set('guardian-1', null);
    const mail = createMailService(deps());
    written.length = 0;
    await mail.queueInvitation(db, { ...invitation, purpose: 'guardian' });
    await mail.queueInvitation(db, { ...invitation, purpose: 'handover' });
    const [guardian, handover] = written as { kind: string; subject: string; textBody: string }[];
    // The wording the links module wrote before it moved into the catalogs, byte for byte.
    expect(guardian).toMatchObject({
      kind: 'guardian-invitation',
      subject: "Ann Lee invites you to manage Tim Lee's appointments",
      textBody:
        "Hello,\n\nAnn Lee invites you to manage Tim Lee's appointments at the clinic with them: booking, moving and cancelling them, and filling in their forms.\n\n" +
        'To accept, log in (or sign up) with this address and open: {{invitation:1}}\n\nThe invitation is valid until Mar 11, 2030. If you do not know Ann Lee, ignore this mail.\n\nDoctors Portal\n',
    });
    expect(handover).toMatchObject({
      kind: 'handover-invitation',
      subject: 'Your own account at the clinic',
      textBody:
        'Hello Tim Lee,\n\nAnn Lee hands your appointments and records at the clinic over to you: choose a password and they are yours, under this address.\n\n' +
        '{{invitation:1}}\n\nThe invitation is valid until Mar 11, 2030.\n\nDoctors Portal\n',
    });

    chosen.set('guardian-1', 'es');
    written.length = 0;
    await mail.queueInvitation(db, { ...invitation, purpose: 'guardian' });
    expect(written[0]).toMatchObject({ subject: 'Ann Lee le invita a gestionar las citas de Tim Lee' });
    expect((written[0] as { textBody: string }).textBody).toContain('{{invitation:1}}?lang=es\n\nLa invitación es válida hasta el 11 mar 2030.');
  });
});

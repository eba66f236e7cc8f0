/** The front desk books for a patient who phoned (issue 16, point 4). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, outbox, users, verifications } from '../../db/schema.ts';
import { bearer, buildTestApp, signIn, signUp, treatmentsOn, type TestApp } from '../../test/helper.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-12';

describe('booking for a patient who phoned', () => {
  let t: TestApp;
  let boss: { token: string };

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAIL: 'desk@clinic.test', ADMIN_PASSWORD: 'admin-password' }, { now: () => NOW });
    boss = await signIn(t, 'desk@clinic.test', 'admin-password');
  });
  afterAll(() => t.close());

  const book = (payload: object, who: { token: string } = boss) =>
    t.app.inject({ method: 'POST', url: '/api/admin/bookings', headers: bearer(who), payload });

  it('books for an existing account, which then sees it as its own', async () => {
    const pat = await signUp(t, { name: 'Pat Phone' });
    const [treatment] = await treatmentsOn(t, DAY);
    const res = await book({ treatmentId: treatment!._id, date: DAY, slot: treatment!.slots[0], patient: { email: pat.email } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, patientCreated: false, booking: { patient: pat.email, patientName: 'Pat Phone', status: 'confirmed' } });
    const own = await t.app.inject({ url: `/api/booking?patient=${encodeURIComponent(pat.email)}`, headers: bearer(pat) });
    expect(own.json().map((b: { _id: string }) => b._id)).toEqual([res.json().booking._id]);
    const [event] = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, res.json().booking._id));
    expect(event).toMatchObject({ type: 'created', actorKind: 'admin', data: { via: 'admin' } });
  });

  it('creates a new patient with name and phone, and mails them a link to set a password', async () => {
    const [, treatment] = await treatmentsOn(t, DAY);
    const email = `new-${Date.now()}@example.com`;
    const res = await book({ treatmentId: treatment!._id, date: DAY, slot: treatment!.slots[1], patient: { email, name: 'New Caller', phone: '555 0142' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ patientCreated: true, booking: { patient: email, patientName: 'New Caller', phone: '555 0142' } });
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ name: 'New Caller', phone: '555 0142' });
    // One welcome whose link lasts days, beside the booking's own mail: no "confirm your address"
    // and no "someone asked to reset your password" (which read as phishing and died in an hour).
    const mails = await t.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(mails.map((m) => m.kind).filter((k) => k !== 'booking-reminder').sort()).toEqual(['booking-confirmation', 'patient-welcome']);
    const welcome = mails.find((m) => m.kind === 'patient-welcome')!;
    expect(welcome.subject).toBe('Your Doctors Portal account');
    expect(welcome.textBody).toContain('within 7 days');
    const [link] = await t.db.select().from(verifications).where(eq(verifications.value, account!.id));
    expect(link!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    const token = new URL(/https?:\/\/\S+reset-password\S+/.exec(welcome.textBody)![0]).searchParams.get('token')!;
    const set = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { origin: t.origin }, payload: { token, newPassword: 'Caller-chosen-2030' } });
    expect(set.statusCode, set.body).toBe(200);
  });

  it('asks for the name of a patient it does not know, and refuses patients', async () => {
    const [treatment] = await treatmentsOn(t, DAY);
    const res = await book({ treatmentId: treatment!._id, date: DAY, slot: treatment!.slots[5], patient: { email: 'nobody-yet@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['patient.name']);
    const patient = await signUp(t);
    expect((await book({ treatmentId: treatment!._id, date: DAY, slot: treatment!.slots[6], patient: { email: patient.email } }, patient)).statusCode).toBe(403);
  });
});

/**
 * Intake, consent and check-in on both databases (design practice-loop.md section 6): the
 * versioned form and its default, required answers and alerts, outdated histories (a new version,
 * or MEDICAL_HISTORY_VALID_MONTHS), consent per booking, what staff lists show, the doctor's
 * audited read, the check-in window (signed in, at the desk, and from a link), the export, and
 * erasure keeping only the forms of attended visits until CLINICAL_RECORD_RETENTION_DAYS.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingsPage, AdminMedicalHistory, MyForms, PatientForms, StaffDay } from '@clinic/shared';
import { auditLog, bookingConsents, bookings, medicalHistorySubmissions, users } from '../../db/schema.ts';
import { addDoctorsWithTreatment } from '../../test/doctors.ts';
import { bearer, buildTestApp, createBooking, signIn, signUp, treatmentsOn, type TestApp, type TestUser } from '../../test/helper.ts';
import { mailText, startSmtpServer } from '../../test/smtp.ts';
import { freePort } from '../../test/throwaway-postgres.ts';
import { SEND_MAIL_JOB } from '../mail/mail-sender.ts';

const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };
const at = (iso: string) => Date.parse(iso);
const ALLERGY = 'Do you have any allergies (medicines, latex, food)?';

/** Every required question of the default form answered "no". */
const NO_TO_ALL = { allergies: 'no', medication: 'no', anticoagulants: 'no', heart: 'no', bleeding: 'no', diabetes: 'no' };

describe('intake, consent and check-in', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let clockMs = at('2030-06-01T10:00:00Z');
  let admin: { token: string };
  let receptionist: TestUser;
  let doctor: TestUser;
  let otherDoctor: TestUser;
  let treatmentId: string;
  let slots: string[];
  let ada: string;
  let bo: string;

  beforeAll(async () => {
    smtp = await startSmtpServer({ port: await freePort() });
    t = await buildTestApp({ ...ADMIN, SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'none', REMINDER_OFFSETS: '' }, { now: () => new Date(clockMs), jobs: { autoStart: false } });
    admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const made = await addDoctorsWithTreatment(t, admin, { doctors: ['Dr Ada Form', 'Dr Bo Form'], treatment: 'Root Canal' });
    treatmentId = made.treatmentId;
    [ada, bo] = made.doctorIds as [string, string];
    slots = (await treatmentsOn(t, '2030-06-10')).find((x) => x._id === treatmentId)!.slots;
    receptionist = await signUp(t);
    await t.db.update(users).set({ role: 'receptionist' }).where(eq(users.email, receptionist.email));
    doctor = await signUp(t);
    await t.db.update(users).set({ role: 'doctor', doctorId: ada }).where(eq(users.email, doctor.email));
    otherDoctor = await signUp(t);
    await t.db.update(users).set({ role: 'doctor', doctorId: bo }).where(eq(users.email, otherDoctor.email));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const get = (who: { token: string }, url: string) => t.app.inject({ url, headers: bearer(who) });
  const send = (who: { token: string }, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object = {}) => t.app.inject({ method, url, headers: bearer(who), payload });
  const myForms = async (who: TestUser) => (await get(who, '/api/me/forms')).json<MyForms>();
  const submit = (who: TestUser, version: number, answers: object, typedName = 'Pat Patient') =>
    send(who, 'POST', '/api/me/forms/medical-history', { version, answers, signature: { typedName } });
  const book = (who: TestUser, date: string, slot = slots[2]!, doctorId = ada) => createBooking(t, who, { treatmentId, date, slot, doctorId });
  const deskItem = async (bookingId: string, date: string) =>
    (await get(admin, `/api/admin/bookings?from=${date}&to=${date}`)).json<AdminBookingsPage>().items.find((b) => b._id === bookingId)!;
  /** Job passes until nothing is left to run at this minute. */
  const drain = async () => {
    for (let i = 0; i < 30 && (await t.app.jobs.runOnce({ kinds: [SEND_MAIL_JOB] })) > 0; i++);
  };
  const userId = async (who: TestUser) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, who.email)))[0]!.id;

  it('ships a default history that nobody has to fill in until the clinic says so, and versions every change', async () => {
    const patient = await signUp(t);
    const forms = await myForms(patient);
    expect(forms.medicalHistory).toMatchObject({ status: 'missing', required: false, version: 1, form: { title: 'Medical history' } });
    expect(forms.medicalHistory.form.questions.map((q) => q.id)).toContain('bleeding');
    expect(forms.consents).toEqual([]);

    expect((await get(receptionist, '/api/admin/forms/medical-history')).statusCode).toBe(403);
    const view = (await get(admin, '/api/admin/forms/medical-history')).json<AdminMedicalHistory>();
    expect(view).toMatchObject({ version: 1, required: false, requiredBySetting: false });
    const bad = await send(admin, 'PUT', '/api/admin/forms/medical-history', { title: 'History', questions: [{ id: 'x', kind: 'choice', label: 'X?', required: true, options: ['Only'] }] });
    expect(bad.statusCode).toBe(400);
    const required = await send(admin, 'PATCH', '/api/admin/forms/medical-history', { required: true });
    expect(required.json<AdminMedicalHistory>()).toMatchObject({ version: 1, required: true });
    expect((await myForms(patient)).medicalHistory.required).toBe(true);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'forms.medical-history.required'))).length).toBe(1);
  });

  it('takes the answers of the current version only, all required ones answered, and shows staff the alerts', async () => {
    const patient = await signUp(t, { name: 'Pat Patient' });
    const booking = await book(patient, '2030-06-10');
    expect((await deskItem(booking._id, '2030-06-10')).forms).toEqual({ medicalHistory: 'missing', historyRequired: true, consent: 'none' });

    expect((await submit(patient, 2, NO_TO_ALL)).statusCode).toBe(412);
    const missing = await submit(patient, 1, { allergies: 'yes', pregnancy: 'Maybe', 'last-visit': '2030-02-30' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      'answers.medication': ['Please answer this question'],
      'answers.pregnancy': ['Choose one of the answers'],
      'answers.last-visit': ['Enter a date as YYYY-MM-DD'],
    });
    expect(missing.json().errors['answers.allergies']).toBeUndefined();

    clockMs = at('2030-06-02T09:00:00Z');
    const done = await submit(patient, 1, { ...NO_TO_ALL, allergies: 'yes', 'allergies-detail': 'Penicillin: a rash', conditions: ['Asthma'], unknown: 'dropped' });
    expect(done.statusCode).toBe(201);
    expect(done.json().submission).toMatchObject({ version: 1, submittedAt: '2030-06-02T09:00:00.000Z', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const forms = await myForms(patient);
    expect(forms.medicalHistory).toMatchObject({ status: 'current', submittedAt: '2030-06-02T09:00:00.000Z', previousAnswers: { allergies: 'yes', conditions: ['Asthma'] } });
    expect(forms.medicalHistory.previousAnswers).not.toHaveProperty('unknown');
    expect(await deskItem(booking._id, '2030-06-10')).toMatchObject({ forms: { medicalHistory: 'current', historyRequired: true, consent: 'none' }, alerts: [ALLERGY] });

    // A new version of the form makes it outdated, its old answers offered again.
    const v2 = await send(admin, 'PUT', '/api/admin/forms/medical-history', { ...view2(forms) });
    expect(v2.json<AdminMedicalHistory>().version).toBe(2);
    expect((await myForms(patient)).medicalHistory).toMatchObject({ status: 'outdated', version: 2, previousAnswers: { allergies: 'yes' } });
    expect((await submit(patient, 2, { ...NO_TO_ALL, latex: 'no' })).statusCode).toBe(201);
    expect((await myForms(patient)).medicalHistory.status).toBe('current');
    expect((await deskItem(booking._id, '2030-06-10')).alerts).toEqual([]);
    // ... and so does time: after MEDICAL_HISTORY_VALID_MONTHS (12).
    clockMs = at('2031-06-03T09:00:00Z');
    expect((await myForms(patient)).medicalHistory.status).toBe('outdated');
    clockMs = at('2030-06-02T09:00:00Z');
  });

  function view2(forms: MyForms) {
    return {
      title: 'Medical history',
      questions: [...forms.medicalHistory.form.questions, { id: 'latex', kind: 'yesno' as const, label: 'Are you allergic to latex?', required: true, alert: { when: 'yes' } }],
    };
  }

  it('asks each booking of a treatment with a consent text to be signed, once, by its patient', async () => {
    const patient = await signUp(t, { name: 'Cora Consent' });
    const booking = await book(patient, '2030-06-11');
    const text = 'I understand that a root canal treatment may need more than one visit.';
    const consent = await send(admin, 'PUT', `/api/admin/treatments/${treatmentId}/consent`, { text });
    expect(consent.json()).toMatchObject({ treatmentId, version: 1, text });
    expect((await send(admin, 'PUT', '/api/admin/treatments/00000000-0000-4000-8000-000000000000/consent', { text })).statusCode).toBe(404);
    expect((await myForms(patient)).consents).toEqual([{ bookingId: booking._id, treatment: 'Root Canal', date: '2030-06-11', slot: slots[2], status: 'missing', text, version: 1 }]);
    expect((await deskItem(booking._id, '2030-06-11')).forms!.consent).toBe('missing');

    const stranger = await signUp(t);
    expect((await send(stranger, 'POST', `/api/booking/${booking._id}/consent`, { version: 1, typedName: 'Someone Else' })).statusCode).toBe(404);
    expect((await send(patient, 'POST', `/api/booking/${booking._id}/consent`, { version: 2, typedName: 'Cora Consent' })).statusCode).toBe(412);
    const signed = await send(patient, 'POST', `/api/booking/${booking._id}/consent`, { version: 1, typedName: 'Cora Consent' });
    expect(signed.statusCode).toBe(201);
    const again = await send(patient, 'POST', `/api/booking/${booking._id}/consent`, { version: 1, typedName: 'Cora Consent' });
    expect(again.json().consent._id).toBe(signed.json().consent._id);
    expect((await myForms(patient)).consents[0]!.status).toBe('signed');
    expect((await deskItem(booking._id, '2030-06-11')).forms!.consent).toBe('signed');
  });

  it("lets the patient's doctor and the owner read the answers, each read audited; never the front desk", async () => {
    const patient = await signUp(t, { name: 'Hal History' });
    await book(patient, '2030-06-12');
    await submit(patient, 2, { ...NO_TO_ALL, latex: 'yes', bleeding: 'yes' }, 'Hal History');
    const id = await userId(patient);
    const read = await get(doctor, `/api/admin/patients/${id}/forms`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const forms = read.json<PatientForms>();
    expect(forms.submissions[0]).toMatchObject({ version: 2, typedName: 'Hal History', answers: { latex: 'yes', bleeding: 'yes' }, alerts: ['Do you have a bleeding disorder, or bleed for long after a cut?', 'Are you allergic to latex?'] });
    expect((await get(admin, `/api/admin/patients/${id}/forms`)).statusCode).toBe(200);
    expect((await get(otherDoctor, `/api/admin/patients/${id}/forms`)).statusCode).toBe(403);
    expect((await get(receptionist, `/api/admin/patients/${id}/forms`)).statusCode).toBe(403);
    expect((await get(patient, `/api/admin/patients/${id}/forms`)).statusCode).toBe(403);
    const reads = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'forms.read'), eq(auditLog.target, id)));
    expect(reads).toHaveLength(2);

    // The doctor's day shows the alerts and the state of the forms, not the answers.
    const day = (await get(doctor, '/api/staff/day?date=2030-06-12')).json<StaffDay>();
    expect(day.items[0]).toMatchObject({ patient: { _id: id }, forms: { medicalHistory: 'current', historyRequired: true, consent: 'missing' }, alerts: expect.arrayContaining(['Are you allergic to latex?']) });
  });

  it('checks in from an hour before the start to half an hour after, signed in, at the desk, or from the link', async () => {
    const patient = await signUp(t);
    const desk = await signUp(t);
    const byLink = await signUp(t);
    const mine = await book(patient, '2030-06-13', slots[4]!);
    const theirs = await book(desk, '2030-06-13', slots[5]!);
    const linked = await book(byLink, '2030-06-13', slots[6]!);
    const startOf = async (id: string) => (await t.db.select({ startsAt: bookings.startsAt }).from(bookings).where(eq(bookings.id, id)))[0]!.startsAt.getTime();

    clockMs = (await startOf(mine._id)) - 61 * 60_000;
    const early = await send(patient, 'POST', `/api/booking/${mine._id}/check-in`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'check_in_closed', detail: 'Check-in opens 60 minutes before your appointment. Please check in when you arrive.' });
    clockMs += 2 * 60_000;
    const ok = await send(patient, 'POST', `/api/booking/${mine._id}/check-in`);
    expect(ok.statusCode, ok.body).toBe(200);
    const arrivedAt = ok.json().arrivedAt;
    clockMs += 60_000;
    expect((await send(patient, 'POST', `/api/booking/${mine._id}/check-in`)).json().arrivedAt).toBe(arrivedAt);
    expect((await deskItem(mine._id, '2030-06-13')).arrivedAt).toBe(arrivedAt);
    // The patient's own list says so too, so "Checked in" survives a reload; the web opens the
    // button when /api/config says check-in opens.
    const own = (await get(patient, `/api/booking?patient=${encodeURIComponent(patient.email)}`)).json<{ _id: string; arrivedAt: string | null }[]>();
    expect(own.find((b) => b._id === mine._id)?.arrivedAt).toBe(arrivedAt);
    expect((await t.app.inject('/api/config')).json()).toMatchObject({ checkInOpensMinutes: 60 });
    expect((await send(desk, 'POST', `/api/booking/${mine._id}/check-in`)).statusCode).toBe(404);

    clockMs = (await startOf(theirs._id)) + 31 * 60_000;
    expect((await send(receptionist, 'POST', `/api/booking/${theirs._id}/check-in`)).json()).toMatchObject({ code: 'check_in_closed' });
    clockMs -= 2 * 60_000;
    expect((await send(receptionist, 'POST', `/api/booking/${theirs._id}/check-in`)).statusCode).toBe(200);

    const urls = await t.app.links.mint(t.db, { bookingId: linked._id, patientId: await userId(byLink), bookingVersion: 1, expiresAt: new Date((await startOf(linked._id)) + 30 * 60_000) }, ['check-in']);
    const token = urls.get('check-in')!.split('/l/')[1]!;
    clockMs = (await startOf(linked._id)) - 10 * 60_000;
    const here = await t.app.inject({ method: 'POST', url: `/api/links/${token}/check-in`, remoteAddress: '10.1.2.3' });
    expect(here.json()).toMatchObject({ done: 'checked-in', booking: { _id: linked._id } });
    expect((await deskItem(linked._id, '2030-06-13')).arrivedAt).toBe(new Date(clockMs).toISOString());
    expect((await t.app.inject({ url: `/api/links/${token}`, remoteAddress: '10.1.2.3' })).json()).toMatchObject({ code: 'link_used', detail: expect.stringMatching(/^You checked in on /) });
  });

  it('asks for the history in the booking mails only while the clinic requires it and the patient’s is not current', async () => {
    clockMs = at('2030-06-05T09:00:00Z');
    const patient = await signUp(t);
    await drain();
    await book(patient, '2030-06-14', slots[1]!);
    await drain();
    const confirmations = () => smtp.received.filter((m) => m.to.includes(patient.email) && /Subject: Appointment is set/.test(m.raw)).map((m) => mailText(m.raw));
    const asked = confirmations();
    expect(asked.at(-1)).toContain('Before your visit, please fill in your medical history (a few minutes): http://127.0.0.1:3000/dashboard/forms');
    await submit(patient, 2, { ...NO_TO_ALL, latex: 'no' });
    await book(patient, '2030-06-15', slots[1]!);
    await drain();
    const after = confirmations();
    expect(after).toHaveLength(2);
    expect(after[1]).not.toContain('medical history');
    expect(after[1]).not.toContain('{{');

    // A Spanish patient's confirmation asks in Spanish, its link opening the page in Spanish.
    const spanish = await signUp(t, { name: 'Eva Español' });
    expect((await send(spanish, 'PATCH', '/api/me', { locale: 'es' })).statusCode).toBe(200);
    await book(spanish, '2030-06-14', slots[3]!);
    await drain();
    // (Its subject is encoded, the en dash of its time being beyond ASCII: found by its body.)
    const confirmation = smtp.received.filter((m) => m.to.includes(spanish.email)).map((m) => mailText(m.raw)).filter((text) => text.includes('Su cita de'));
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]).toContain('Antes de su visita, rellene su historial médico (son unos minutos): http://127.0.0.1:3000/dashboard/forms?lang=es');
    expect(confirmation[0]).not.toContain('{{');
  });

  it('exports the forms, and on erasure keeps only those of attended visits, until the retention ends', async () => {
    clockMs = at('2030-06-05T09:00:00Z');
    const patient = await signUp(t, { name: 'Erin Erased' });
    await submit(patient, 2, { ...NO_TO_ALL, latex: 'no' }, 'Erin Erased');
    const visit = await book(patient, '2030-06-16', slots[3]!);
    expect((await send(patient, 'POST', `/api/booking/${visit._id}/consent`, { version: 1, typedName: 'Erin Erased' })).statusCode).toBe(201);
    const upcoming = await book(patient, '2030-06-20', slots[3]!);
    await send(patient, 'POST', `/api/booking/${upcoming._id}/consent`, { version: 1, typedName: 'Erin Erased' });
    clockMs = at('2030-06-16T15:00:00Z');
    expect((await send(admin, 'PATCH', `/api/admin/bookings/${visit._id}/status`, { status: 'completed' })).statusCode).toBe(200);
    // Answered again after the visit: not a record of it.
    await submit(patient, 2, { ...NO_TO_ALL, latex: 'yes' }, 'Erin Erased');

    const exported = (await get(patient, '/api/me/export')).json();
    expect(exported.medicalHistory).toHaveLength(2);
    expect(exported.consents.map((c: { bookingId: string }) => c.bookingId).sort()).toEqual([visit._id, upcoming._id].sort());

    const id = await userId(patient);
    const erased = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(patient), payload: { password: patient.password } });
    expect(erased.statusCode, erased.body).toBe(202);
    const histories = await t.db.select().from(medicalHistorySubmissions).where(isNull(medicalHistorySubmissions.patientId));
    const kept = histories.filter((h) => h.typedName === 'Erin Erased');
    expect(kept).toHaveLength(1);
    expect(kept[0]!.answers).toMatchObject({ latex: 'no' });
    expect(kept[0]!.retainUntil!.toISOString()).toBe(new Date(clockMs + 3650 * 86_400_000).toISOString());
    const consents = await t.db.select().from(bookingConsents).where(eq(bookingConsents.typedName, 'Erin Erased'));
    expect(consents.map((c) => [c.bookingId, c.patientId, c.subjectRef !== null])).toEqual([[visit._id, null, true]]);
    expect(await t.db.select().from(medicalHistorySubmissions).where(eq(medicalHistorySubmissions.patientId, id))).toEqual([]);

    clockMs += 3651 * 86_400_000;
    await t.app.jobs.runOnce({ kinds: ['tick.purge-retention'] });
    for (let i = 0; i < 5 && (await t.app.jobs.runOnce()) > 0; i++);
    expect((await t.db.select().from(medicalHistorySubmissions).where(eq(medicalHistorySubmissions.typedName, 'Erin Erased')))).toEqual([]);
    expect(await t.db.select().from(bookingConsents).where(eq(bookingConsents.typedName, 'Erin Erased'))).toEqual([]);
  });
});

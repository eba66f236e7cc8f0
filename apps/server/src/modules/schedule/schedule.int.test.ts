/**
 * The clinic's schedule through the API (design clinic-operations.md section 7, issue 1): lanes
 * (a doctor, or a treatment's own queue), durations, weekly hours, closures and blocked times,
 * treatment CRUD, removing doctors, races on doctor lanes and against a closure, and a change
 * seen by another instance.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Availability, CalendarDay, TreatmentAvailability } from '@clinic/shared';
import { buildApp } from '../../app.ts';
import { bookingEvents, bookings, clinicState, doctors, images, outbox, scheduleExceptions, treatments as treatmentsTable, users } from '../../db/schema.ts';
import {
  bearer, buildTestApp, createSignedInPatients, signIn, testDb, treatmentsOn, unusedDay, type TestApp,
  quickPasswordHasher,
} from '../../test/helper.ts';
import { notifyScheduleChanged } from './schedule-channel.ts';
import { makeImage } from '../../test/images.ts';

// The clock is pinned: Wednesday 2030-06-05 10:15 in the clinic's zone (UTC in these tests).
const NOW = new Date('2030-06-05T10:15:00Z');
const TOMORROW = '2030-06-06';
const SATURDAY = '2030-06-08';
const SUNDAY = '2030-06-09';
const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };

/** Today's grid: 08.00-12.00 and 13.00-17.00, sixteen half-hour labels. */
const GRID = [
  '08.00 AM - 08.30 AM', '08.30 AM - 09.00 AM', '09.00 AM - 09.30 AM', '09.30 AM - 10.00 AM',
  '10.00 AM - 10.30 AM', '10.30 AM - 11.00 AM', '11.00 AM - 11.30 AM', '11.30 AM - 12.00 PM',
  '01.00 PM - 01.30 PM', '01.30 PM - 02.00 PM', '02.00 PM - 02.30 PM', '02.30 PM - 03.00 PM',
  '03.00 PM - 03.30 PM', '03.30 PM - 04.00 PM', '04.00 PM - 04.30 PM', '04.30 PM - 05.00 PM',
];
const SIX = ['Teeth Orthodontics', 'Cosmetic Dentistry', 'Teeth Cleaning', 'Cavity Protection', 'Pediatric Dental', 'Oral Surgery'];
const WEEK = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0 };
const CLINIC_DAY = [{ start: 480, end: 720 }, { start: 780, end: 1020 }];

let names = 0;
/** A name no other test uses (treatment names are unique). */
const uniqueName = (what: string) => `${what} ${Date.now().toString(36)}${names++}`;

/**
 * The admin side of a test app: signed in as the operator's admin, with helpers that add
 * doctors (a stored photo, POST /api/doctor) and treatments (POST /api/admin/treatments).
 */
async function adminOf(t: TestApp) {
  const token = (await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).token;
  const [image] = await t.db.insert(images).values({ contentType: 'image/webp', content: await makeImage('webp', 8, 8), width: 8, height: 8 }).returning();
  const img = `/api/image/${image!.id}`;
  const request = (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  return {
    token,
    request,
    async addDoctor(name = uniqueName('Dr'), specialty = '') {
      const email = `${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}@clinic.test`;
      const res = await request({ method: 'POST', url: '/api/doctor', payload: { name, email, specialty, img } });
      if (res.statusCode !== 201) throw new Error(`adding a doctor failed: ${res.statusCode} ${res.body}`);
      return { id: res.json<{ insertedId: string }>().insertedId, name, email };
    },
    async addTreatment(body: Record<string, unknown>) {
      const name = (body.name as string | undefined) ?? uniqueName('Treatment');
      const res = await request({ method: 'POST', url: '/api/admin/treatments', payload: { price: 30, ...body, name } });
      if (res.statusCode !== 201) throw new Error(`adding a treatment failed: ${res.statusCode} ${res.body}`);
      return { id: res.json<{ insertedId: string }>().insertedId, name };
    },
  };
}

const book = (t: TestApp, user: { token: string }, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(user), payload: body });

async function bookOk(t: TestApp, user: { token: string }, body: Record<string, unknown>) {
  const res = await book(t, user, body);
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json<{ booking: { _id: string; price: number; slot: string; doctor: { _id: string; name: string } | null } }>().booking;
}

const slotsOf = async (t: TestApp, date: string, treatmentId: string) =>
  (await treatmentsOn(t, date)).find((x) => x._id === treatmentId)?.slots;

async function eventually(check: () => Promise<boolean>, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

describe('a fresh install', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => NOW });
  });
  afterAll(() => t.close());

  it('offers all six treatments sixteen 30-minute slots on a Saturday and a Sunday, with no doctor required', async () => {
    for (const day of [SATURDAY, SUNDAY]) {
      const list = await treatmentsOn(t, day);
      expect(list.map((x) => x.name), day).toEqual(SIX);
      for (const x of list) expect(x.slots, `${day} ${x.name}`).toEqual(GRID);
    }
    const admin = await adminOf(t);
    const all = (await admin.request({ url: '/api/admin/treatments' })).json<{ name: string; durationMin: number; requiresDoctor: boolean; active: boolean }[]>();
    expect(all.map((x) => [x.name, x.durationMin, x.requiresDoctor, x.active])).toEqual(SIX.map((name) => [name, 30, false, true]));
  });

  it('keeps the clinic open 08.00-12.00 and 13.00-17.00 on all seven days', async () => {
    const admin = await adminOf(t);
    const hours = await admin.request({ url: '/api/admin/working-hours' });
    expect(hours.statusCode).toBe(200);
    expect(hours.json()).toEqual({ doctorId: null, weekdays: Object.fromEntries(Object.keys(WEEK).map((d) => [d, CLINIC_DAY])) });
    const calendar = (await t.app.inject('/api/calendar?from=2030-06-06&to=2030-06-12')).json<CalendarDay[]>();
    expect(calendar).toEqual(['06', '07', '08', '09', '10', '11', '12'].map((d) => ({ date: `2030-06-${d}`, open: true, free: 6 * 16 })));
  });

  it('has the exclusion constraint that keeps one confirmed booking per lane and time', async () => {
    const result = await t.db.execute(sql`SELECT contype::text AS contype FROM pg_constraint WHERE conname = 'bookings_one_per_lane_time'`);
    expect((result as unknown as { rows: { contype: string }[] }).rows).toEqual([{ contype: 'x' }]);
  });
});

describe('schedule: durations, doctors, exceptions, treatments', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminOf>>;
  let now = NOW;
  const patients = (count: number) => createSignedInPatients(t, count, 'sched');
  const patient = async () => (await patients(1))[0]!;

  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => now });
    admin = await adminOf(t);
  });
  beforeEach(() => {
    now = NOW;
  });
  afterAll(() => t.close());

  it('offers a 60-minute treatment in hour-long labels that never cross the lunch break, and blocks the overlapping starts once booked', async () => {
    const day = unusedDay();
    const long = await admin.addTreatment({ price: 60, durationMin: 60 });
    const before = await slotsOf(t, day, long.id);
    expect(before).toEqual([
      '08.00 AM - 09.00 AM', '08.30 AM - 09.30 AM', '09.00 AM - 10.00 AM', '09.30 AM - 10.30 AM',
      '10.00 AM - 11.00 AM', '10.30 AM - 11.30 AM', '11.00 AM - 12.00 PM',
      '01.00 PM - 02.00 PM', '01.30 PM - 02.30 PM', '02.00 PM - 03.00 PM', '02.30 PM - 03.30 PM',
      '03.00 PM - 04.00 PM', '03.30 PM - 04.30 PM', '04.00 PM - 05.00 PM',
    ]);
    expect(before).not.toContain('11.30 AM - 12.30 PM');
    // Not bookable either, by its label or by the 30-minute one.
    for (const slot of ['11.30 AM - 12.30 PM', '08.00 AM - 08.30 AM']) {
      const refused = await book(t, await patient(), { treatmentId: long.id, date: day, slot });
      expect(refused.statusCode, slot).toBe(400);
      expect(refused.json().errors, slot).toHaveProperty('slot');
    }

    const booked = await bookOk(t, await patient(), { treatmentId: long.id, date: day, slot: '08.00 AM - 09.00 AM' });
    expect(booked).toMatchObject({ slot: '08.00 AM - 09.00 AM', price: 60, doctor: null });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked._id));
    expect(row).toMatchObject({ startMin: 480, endMin: 540, laneId: long.id, doctorId: null, status: 'confirmed' });
    expect(row!.startsAt.toISOString()).toBe(`${day}T08:00:00.000Z`);
    expect(row!.endsAt.toISOString()).toBe(`${day}T09:00:00.000Z`);

    const after = await slotsOf(t, day, long.id);
    expect(after).not.toContain('08.00 AM - 09.00 AM');
    expect(after).not.toContain('08.30 AM - 09.30 AM');
    expect(after![0]).toBe('09.00 AM - 10.00 AM');
    expect(after).toHaveLength(12);
    const overlapping = await book(t, await patient(), { treatmentId: long.id, date: day, slot: '08.30 AM - 09.30 AM' });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toMatchObject({ success: false, booking: { date: day, slot: '08.30 AM - 09.30 AM', treatment: long.name } });
    expect((await book(t, await patient(), { treatmentId: long.id, date: day, slot: '09.00 AM - 10.00 AM' })).statusCode).toBe(201);
  });

  it('lengthens a treatment without rewriting its bookings when none would overlap', async () => {
    const day = unusedDay();
    const x = await admin.addTreatment({});
    const [ann, bob] = await patients(2);
    const a = await bookOk(t, ann!, { treatmentId: x.id, date: day, slot: '09.00 AM - 09.30 AM' });
    const b = await bookOk(t, bob!, { treatmentId: x.id, date: day, slot: '10.00 AM - 10.30 AM' });
    const res = await admin.request({ method: 'PATCH', url: `/api/admin/treatments/${x.id}`, payload: { durationMin: 60 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ durationMin: 60 });
    const rows = await t.db.select().from(bookings).where(inArray(bookings.id, [a._id, b._id]));
    expect(rows.map((r) => [r.slot, r.startMin, r.endMin]).sort()).toEqual([['09.00 AM - 09.30 AM', 540, 570], ['10.00 AM - 10.30 AM', 600, 630]]);
    const slots = await slotsOf(t, day, x.id);
    expect(slots).toContain('08.00 AM - 09.00 AM');
    expect(slots).not.toContain('08.30 AM - 09.30 AM');
    expect(slots).not.toContain('09.30 AM - 10.30 AM');
    expect(slots).toContain('10.30 AM - 11.30 AM');
  });

  // Decision 017, point 7: a booking keeps its own end, so a longer duration cannot make two
  // bookings overlap; only new bookings take the new length, around the existing ones.
  it('lengthens a treatment for new bookings only, leaving existing ones as they were', async () => {
    const day = unusedDay();
    const x = await admin.addTreatment({});
    const [ann, bob] = await patients(2);
    await bookOk(t, ann!, { treatmentId: x.id, date: day, slot: '09.00 AM - 09.30 AM' });
    await bookOk(t, bob!, { treatmentId: x.id, date: day, slot: '09.30 AM - 10.00 AM' });
    const res = await admin.request({ method: 'PATCH', url: `/api/admin/treatments/${x.id}`, payload: { durationMin: 60 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ durationMin: 60 });
    const rows = await t.db.select().from(bookings).where(eq(bookings.treatmentId, x.id));
    expect(rows.map((r) => [r.slot, r.startMin, r.endMin]).sort()).toEqual([['09.00 AM - 09.30 AM', 540, 570], ['09.30 AM - 10.00 AM', 570, 600]]);
    const slots = await slotsOf(t, day, x.id);
    expect(slots).toContain('08.00 AM - 09.00 AM');
    expect(slots).not.toContain('08.30 AM - 09.30 AM');
    expect(slots).not.toContain('09.00 AM - 10.00 AM');
    expect(slots).toContain('10.00 AM - 11.00 AM');
  });

  it('refuses a second treatment of the same doctor at the same time, and lets two doctors work at once', async () => {
    const day = unusedDay();
    const shared = await admin.addDoctor();
    const first = await admin.addTreatment({ requiresDoctor: true, doctorIds: [shared.id] });
    const second = await admin.addTreatment({ requiresDoctor: true, doctorIds: [shared.id] });
    const [ann, bob] = await patients(2);
    const slot = '09.00 AM - 09.30 AM';

    const booked = await bookOk(t, ann!, { treatmentId: first.id, date: day, slot });
    expect(booked.doctor).toEqual({ _id: shared.id, name: shared.name });
    expect(await slotsOf(t, day, second.id)).not.toContain(slot);
    const refused = await book(t, bob!, { treatmentId: second.id, date: day, slot });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'conflict', booking: { date: day, slot, treatment: second.name } });
    expect(JSON.stringify(refused.json())).not.toContain(ann!.email);

    const [one, two] = [await admin.addDoctor(), await admin.addDoctor()];
    const third = await admin.addTreatment({ requiresDoctor: true, doctorIds: [one.id] });
    const fourth = await admin.addTreatment({ requiresDoctor: true, doctorIds: [two.id] });
    const [cat, dan] = await patients(2);
    expect((await bookOk(t, cat!, { treatmentId: third.id, date: day, slot })).doctor?._id).toBe(one.id);
    expect((await bookOk(t, dan!, { treatmentId: fourth.id, date: day, slot })).doctor?._id).toBe(two.id);
  });

  it('books "any available doctor" on a free one, a chosen doctor on that one, and lists the doctor with the booking', async () => {
    const day = unusedDay();
    const [d1, d2] = [await admin.addDoctor(), await admin.addDoctor()];
    const [low, high] = [d1, d2].sort((a, b) => (a.id < b.id ? -1 : 1)) as [typeof d1, typeof d1];
    const x = await admin.addTreatment({ requiresDoctor: true, doctorIds: [d1.id, d2.id] });
    const publicList = (await t.app.inject(`/api/doctors/public?treatmentId=${x.id}`)).json<{ _id: string; name: string }[]>();
    expect(publicList.map((d) => d._id).sort()).toEqual([low.id, high.id]);
    expect(JSON.stringify(publicList)).not.toContain('@clinic.test');

    const [ann, bob, cat, dan] = await patients(4);
    const slot = '10.00 AM - 10.30 AM';
    const both = await Promise.all([ann!, bob!].map((p) => book(t, p, { treatmentId: x.id, date: day, slot })));
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    const given = both.map((r) => r.json().booking.doctor._id as string).sort();
    expect(given).toEqual([low.id, high.id]);
    const third = await book(t, cat!, { treatmentId: x.id, date: day, slot });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ success: false, booking: { date: day, slot, treatment: x.name } });
    expect(await slotsOf(t, day, x.id)).not.toContain(slot);

    const chosen = await bookOk(t, dan!, { treatmentId: x.id, date: day, slot: '11.00 AM - 11.30 AM', doctorId: high.id });
    expect(chosen.doctor).toEqual({ _id: high.id, name: high.name });
    const list = await t.app.inject({ url: `/api/booking?patient=${encodeURIComponent(dan!.email)}`, headers: bearer(dan!) });
    expect(list.json()).toEqual([expect.objectContaining({ _id: chosen._id, treatment: x.name, slot: '11.00 AM - 11.30 AM', doctor: { _id: high.id, name: high.name } })]);

    // Any doctor: the one with fewer bookings that day (the chosen one now has two).
    const fifth = await bookOk(t, await patient(), { treatmentId: x.id, date: day, slot: '01.00 PM - 01.30 PM' });
    expect(fifth.doctor?._id).toBe(low.id);

    // A doctor who does not perform it cannot be chosen.
    const stranger = await admin.addDoctor();
    const wrong = await book(t, await patient(), { treatmentId: x.id, date: day, slot: '01.00 PM - 01.30 PM', doctorId: stranger.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty('doctorId');
    const notTheirs = await t.app.inject({ url: `/api/availability?date=${day}&treatmentId=${x.id}&doctorId=${stranger.id}`, headers: bearer(dan!) });
    expect(notTheirs.statusCode).toBe(404);
    const unknown = await t.app.inject({ url: `/api/availability?date=${day}&treatmentId=00000000-0000-4000-8000-000000000000`, headers: bearer(dan!) });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject(`/api/availability?date=${day}&treatmentId=${x.id}`)).statusCode).toBe(401);
  });

  it("changes what a doctor performs, but never takes away a treatment they are booked for", async () => {
    const doctor = await admin.addDoctor();
    const x = await admin.addTreatment({ requiresDoctor: true, doctorIds: [doctor.id] });
    // A treatment that requires a doctor needs one to begin with.
    const nobody = await admin.request({ method: 'POST', url: '/api/admin/treatments', payload: { name: uniqueName('Nobody'), price: 10, requiresDoctor: true } });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().errors).toHaveProperty('doctorIds');
    const z = await admin.addTreatment({});
    const url = `/api/admin/doctors/${doctor.id}/treatments`;
    expect((await admin.request({ url })).json()).toEqual({ treatmentIds: [x.id] });
    const day = unusedDay();
    const booked = await bookOk(t, await patient(), { treatmentId: x.id, date: day, slot: '09.00 AM - 09.30 AM' });

    const refused = await admin.request({ method: 'PUT', url, payload: { treatmentIds: [z.id] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'has_future_bookings', bookings: [{ _id: booked._id }] });
    expect((await admin.request({ url })).json()).toEqual({ treatmentIds: [x.id] });

    const colleague = await admin.addDoctor();
    const w = await admin.addTreatment({ requiresDoctor: true, doctorIds: [colleague.id] });
    const both = await admin.request({ method: 'PUT', url, payload: { treatmentIds: [x.id, w.id] } });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual({ treatmentIds: [x.id, w.id] });
    expect((await t.app.inject(`/api/doctors/public?treatmentId=${w.id}`)).json<{ _id: string }[]>().map((d) => d._id).sort()).toEqual([colleague.id, doctor.id].sort());
    // The doctor's lane is one: 09.00, booked for the first treatment, is not offered with them for the other.
    const lanes = (await t.app.inject({ url: `/api/availability?date=${day}&treatmentId=${w.id}`, headers: bearer(await patient()) })).json<Availability>().lanes;
    const labelsOf = (id: string) => lanes.find((l) => l.doctor?._id === id)!.slots.map((s) => s.label);
    expect(labelsOf(doctor.id)).not.toContain('09.00 AM - 09.30 AM');
    expect(labelsOf(colleague.id)).toContain('09.00 AM - 09.30 AM');
    expect((await admin.request({ url: `/api/admin/doctors/00000000-0000-4000-8000-000000000000/treatments` })).statusCode).toBe(404);
  });

  it("takes a doctor's blocked 10.00-11.00 out of that doctor's lane only", async () => {
    const day = unusedDay();
    const [busy, free] = [await admin.addDoctor(), await admin.addDoctor()];
    const x = await admin.addTreatment({ requiresDoctor: true, doctorIds: [busy.id, free.id] });
    const created = await admin.request({
      method: 'POST', url: '/api/admin/schedule-exceptions',
      payload: { doctorId: busy.id, dateFrom: day, dateTo: day, kind: 'blocked', startMin: 600, endMin: 660, reason: 'Training' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ doctorId: busy.id, dateFrom: day, dateTo: day, kind: 'blocked', startMin: 600, endMin: 660, reason: 'Training' });

    const res = await t.app.inject({ url: `/api/availability?date=${day}&treatmentId=${x.id}`, headers: bearer(await patient()) });
    expect(res.statusCode).toBe(200);
    const availability = res.json<Availability>();
    const lane = (id: string) => availability.lanes.find((l) => l.doctor?._id === id)!.slots.map((s) => s.label);
    expect(availability.lanes).toHaveLength(2);
    expect(lane(busy.id)).toEqual(GRID.filter((s) => !s.startsWith('10.00 AM') && !s.startsWith('10.30 AM')));
    expect(lane(free.id)).toEqual(GRID);
    expect(availability.lanes.find((l) => l.doctor?._id === busy.id)!.slots[2]).toEqual({ label: '09.00 AM - 09.30 AM', startMin: 540, endMin: 570 });
    // Only that doctor, only that day: the treatment still offers 10.00 (the other doctor), the
    // clinic's own queues are untouched, and the next day is whole.
    expect(await slotsOf(t, day, x.id)).toEqual(GRID);
    expect((await treatmentsOn(t, day)).find((y) => y.name === 'Teeth Cleaning')!.slots).toEqual(GRID);
    const next = await t.app.inject({ url: `/api/availability?date=${unusedDay()}&treatmentId=${x.id}&doctorId=${busy.id}`, headers: bearer(await patient()) });
    expect(next.json<Availability>().lanes.map((l) => l.slots.length)).toEqual([16]);
    // Asking for that doctor at 10.00 is refused; any doctor gets the free one.
    const refused = await book(t, await patient(), { treatmentId: x.id, date: day, slot: '10.00 AM - 10.30 AM', doctorId: busy.id });
    expect(refused.statusCode).toBe(400);
    expect((await bookOk(t, await patient(), { treatmentId: x.id, date: day, slot: '10.00 AM - 10.30 AM' })).doctor?._id).toBe(free.id);
  });

  it('refuses a clinic closure over booked days with the list, and with cancelAffected cancels them and mails each patient', async () => {
    const day = unusedDay();
    const list = await treatmentsOn(t, day);
    const [ann, bob] = await patients(2);
    const first = await bookOk(t, ann!, { treatmentId: list[2]!._id, date: day, slot: '09.00 AM - 09.30 AM' });
    const second = await bookOk(t, bob!, { treatmentId: list[5]!._id, date: day, slot: '02.00 PM - 02.30 PM' });
    const closure = { dateFrom: day, dateTo: day, kind: 'closed', reason: 'Public holiday' };

    const refused = await admin.request({ method: 'POST', url: '/api/admin/schedule-exceptions', payload: closure });
    expect(refused.statusCode).toBe(409);
    const problem = refused.json<{ code: string; count: number; bookings: { _id: string; date: string; slot: string }[] }>();
    expect(problem).toMatchObject({ code: 'has_future_bookings', count: 2 });
    expect(problem.bookings.map((b) => b._id).sort()).toEqual([first._id, second._id].sort());
    expect(problem.bookings.find((b) => b._id === first._id)).toMatchObject({ date: day, slot: '09.00 AM - 09.30 AM' });
    // Nothing changed.
    expect((await admin.request({ url: `/api/admin/schedule-exceptions?from=${day}&to=${day}` })).json()).toEqual([]);
    expect((await t.db.select().from(bookings).where(inArray(bookings.id, [first._id, second._id]))).map((b) => b.status)).toEqual(['confirmed', 'confirmed']);
    expect((await slotsOf(t, day, list[0]!._id))).toEqual(GRID);

    const done = await admin.request({ method: 'POST', url: '/api/admin/schedule-exceptions?cancelAffected=true', payload: closure });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ doctorId: null, kind: 'closed', dateFrom: day, dateTo: day, startMin: null, endMin: null });
    const rows = await t.db.select().from(bookings).where(inArray(bookings.id, [first._id, second._id]));
    expect(rows.map((b) => b.status)).toEqual(['cancelled', 'cancelled']);
    for (const p of [ann!, bob!]) {
      const own = await t.app.inject({ url: `/api/booking?patient=${encodeURIComponent(p.email)}`, headers: bearer(p) });
      expect(own.json()).toEqual([]);
      const mails = await t.db.select().from(outbox).where(and(eq(outbox.toAddress, p.email), eq(outbox.kind, 'booking-cancelled')));
      expect(mails, p.email).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/^Appointment cancelled, /);
      expect(mails[0]!.textBody).toContain('Public holiday');
    }
    expect((await treatmentsOn(t, day)).every((x) => x.slots.length === 0)).toBe(true);
    expect((await t.app.inject(`/api/calendar?from=${day}&to=${day}`)).json()).toEqual([{ date: day, open: false, free: 0 }]);
    // A booking there is refused as the clinic being closed.
    const late = await book(t, await patient(), { treatmentId: list[0]!._id, date: day, slot: '08.00 AM - 08.30 AM' });
    expect(late.statusCode).toBe(400);
    // Removing the closure opens the day again.
    const id = done.json<{ _id: string }>()._id;
    expect((await admin.request({ url: `/api/admin/schedule-exceptions?from=${day}&to=${day}` })).json()).toEqual([expect.objectContaining({ _id: id, reason: 'Public holiday' })]);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/schedule-exceptions/${id}` })).statusCode).toBe(204);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/schedule-exceptions/${id}` })).statusCode).toBe(404);
    expect(await slotsOf(t, day, list[2]!._id)).toEqual(GRID);
  });

  it('puts every future booking on a doctor when a treatment comes to require one', async () => {
    const [dayA, dayB] = [unusedDay(), unusedDay()];
    const x = await admin.addTreatment({});
    const [ann, bob, cat] = await patients(3);
    const a = await bookOk(t, ann!, { treatmentId: x.id, date: dayA, slot: '09.00 AM - 09.30 AM' });
    const b = await bookOk(t, bob!, { treatmentId: x.id, date: dayA, slot: '09.30 AM - 10.00 AM' });
    const c = await bookOk(t, cat!, { treatmentId: x.id, date: dayB, slot: '09.00 AM - 09.30 AM' });
    const [d1, d2] = [await admin.addDoctor(), await admin.addDoctor()];
    const [low, high] = [d1.id, d2.id].sort();

    const res = await admin.request({ method: 'PATCH', url: `/api/admin/treatments/${x.id}`, payload: { requiresDoctor: true, doctorIds: [d1.id, d2.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: x.id, requiresDoctor: true, doctorIds: [low, high] });
    const doctorOf = async (id: string) => (await t.db.select({ doctorId: bookings.doctorId }).from(bookings).where(eq(bookings.id, id)))[0]!.doctorId;
    // The fewest bookings that day, then the lowest id.
    expect([await doctorOf(a._id), await doctorOf(b._id), await doctorOf(c._id)]).toEqual([low, high, low]);
    const lanes = (await t.app.inject({ url: `/api/availability?date=${dayA}&treatmentId=${x.id}`, headers: bearer(ann!) })).json<Availability>().lanes;
    const labelsOf = (id: string) => lanes.find((l) => l.doctor?._id === id)!.slots.map((s) => s.label);
    expect(labelsOf(low!)).not.toContain('09.00 AM - 09.30 AM');
    expect(labelsOf(high!)).not.toContain('09.30 AM - 10.00 AM');
    expect(labelsOf(high!)).toContain('09.00 AM - 09.30 AM');
  });

  it('refuses the switch with the bookings no doctor can take, and changes nothing', async () => {
    const [dayA, dayB] = [unusedDay(), unusedDay()];
    const only = await admin.addDoctor();
    const other = await admin.addTreatment({ requiresDoctor: true, doctorIds: [only.id] });
    const x = await admin.addTreatment({});
    const [ann, bob, cat] = await patients(3);
    const slot = '09.00 AM - 09.30 AM';
    await bookOk(t, ann!, { treatmentId: other.id, date: dayA, slot }); // the doctor is busy then
    const stuck = await bookOk(t, bob!, { treatmentId: x.id, date: dayA, slot });
    const placeable = await bookOk(t, cat!, { treatmentId: x.id, date: dayB, slot });

    const res = await admin.request({ method: 'PATCH', url: `/api/admin/treatments/${x.id}`, payload: { requiresDoctor: true, doctorIds: [only.id] } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ unplaceable: [stuck._id] });
    const after = (await admin.request({ url: '/api/admin/treatments' })).json<{ _id: string; requiresDoctor: boolean; doctorIds: string[] }[]>().find((y) => y._id === x.id);
    expect(after).toMatchObject({ requiresDoctor: false, doctorIds: [] });
    const rows = await t.db.select().from(bookings).where(inArray(bookings.id, [stuck._id, placeable._id]));
    expect(rows.map((r) => [r.doctorId, r.laneId, r.status])).toEqual([[null, x.id, 'confirmed'], [null, x.id, 'confirmed']]);
    const [row] = await t.db.select().from(treatmentsTable).where(eq(treatmentsTable.id, x.id));
    expect(row!.requiresDoctor).toBe(false);
  });

  it('takes a treatment back to its own queue only when its bookings on different doctors do not overlap', async () => {
    const day = unusedDay();
    const [d1, d2] = [await admin.addDoctor(), await admin.addDoctor()];
    const x = await admin.addTreatment({ requiresDoctor: true, doctorIds: [d1.id, d2.id] });
    const [ann, bob, cat] = await patients(3);
    const a = await bookOk(t, ann!, { treatmentId: x.id, date: day, slot: '09.00 AM - 09.30 AM', doctorId: d1.id });
    const b = await bookOk(t, bob!, { treatmentId: x.id, date: day, slot: '09.00 AM - 09.30 AM', doctorId: d2.id });
    const c = await bookOk(t, cat!, { treatmentId: x.id, date: day, slot: '10.00 AM - 10.30 AM', doctorId: d2.id });
    const rowsNow = async () =>
      (await t.db.select().from(bookings).where(inArray(bookings.id, [a._id, b._id, c._id]))).map((r) => [r.id, r.doctorId, r.laneId]).sort();

    // Two patients at 09.00 cannot both stand in one queue.
    const before = await rowsNow();
    const refused = await admin.request({ method: 'PATCH', url: `/api/admin/treatments/${x.id}`, payload: { requiresDoctor: false } });
    expect(refused.statusCode).toBe(409);
    expect(await rowsNow()).toEqual(before);
    expect((await admin.request({ url: '/api/admin/treatments' })).json<{ _id: string; requiresDoctor: boolean }[]>().find((y) => y._id === x.id)!.requiresDoctor).toBe(true);

    // Once one of them is gone (their doctor's leave, confirmed), the rest leave their doctors.
    const leave = { doctorId: d1.id, dateFrom: day, dateTo: day, kind: 'closed', reason: 'Leave' };
    const unconfirmed = await admin.request({ method: 'POST', url: '/api/admin/schedule-exceptions', payload: leave });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ code: 'has_future_bookings', bookings: [{ _id: a._id, doctorId: d1.id }] });
    const cancelled = await admin.request({
      method: 'POST', url: '/api/admin/schedule-exceptions?cancelAffected=true',
      payload: { doctorId: d1.id, dateFrom: day, dateTo: day, kind: 'closed', reason: 'Leave' },
    });
    expect(cancelled.statusCode).toBe(201);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, a._id)))[0]!.status).toBe('cancelled');
    expect((await t.db.select().from(bookings).where(eq(bookings.id, b._id)))[0]!.status).toBe('confirmed');
    const done = await admin.request({ method: 'PATCH', url: `/api/admin/treatments/${x.id}`, payload: { requiresDoctor: false } });
    expect(done.statusCode).toBe(200);
    const rows = await t.db.select().from(bookings).where(inArray(bookings.id, [b._id, c._id]));
    expect(rows.map((r) => [r.doctorId, r.laneId])).toEqual([[null, x.id], [null, x.id]]);
    expect(await slotsOf(t, day, x.id)).toEqual(GRID.filter((l) => !['09.00 AM - 09.30 AM', '10.00 AM - 10.30 AM'].includes(l)));
  });

  it('edits, archives and deletes treatments: prices stay on old bookings, every change is audited', async () => {
    const name = uniqueName('Whitening');
    const created = await admin.request({ method: 'POST', url: '/api/admin/treatments', payload: { name, price: 40, durationMin: 30, description: 'Brighter' } });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ insertedId: string }>().insertedId;
    const listed = (await admin.request({ url: '/api/admin/treatments' })).json<{ _id: string }[]>().find((x) => x._id === id);
    expect(listed).toEqual({ _id: id, name, price: 40, durationMin: 30, requiresDoctor: false, active: true, description: 'Brighter', doctorIds: [], recallMonths: null });
    expect((await t.app.inject('/api/service')).json()).toContainEqual({ _id: id, name });

    // A duplicate name, in any case, and bad values with the field that is wrong.
    const duplicate = await admin.request({ method: 'POST', url: '/api/admin/treatments', payload: { name: name.toUpperCase(), price: 10 } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'conflict', errors: { name: [expect.any(String)] } });
    const badDuration = await admin.request({ method: 'POST', url: '/api/admin/treatments', payload: { name: uniqueName('Bad'), price: 10, durationMin: 45 } });
    expect(badDuration.statusCode).toBe(400);
    expect(badDuration.json()).toMatchObject({ code: 'validation_failed', errors: { durationMin: ['The duration goes in steps of 30 minutes'] } });
    const badPrice = await admin.request({ method: 'POST', url: '/api/admin/treatments', payload: { name: uniqueName('Bad'), price: -1 } });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json()).toMatchObject({ code: 'validation_failed', errors: { price: ['The price cannot be negative'] } });

    const ann = await patient();
    const booked = await bookOk(t, ann, { treatmentId: id, date: TOMORROW, slot: '09.00 AM - 09.30 AM' });
    expect(booked.price).toBe(40);
    // Renamed: its bookings keep the name they were made under.
    const renamed = `${name} Plus`;
    expect((await admin.request({ method: 'PATCH', url: `/api/admin/treatments/${id}`, payload: { name: renamed } })).statusCode).toBe(200);
    expect((await t.app.inject('/api/service')).json()).toContainEqual({ _id: id, name: renamed });
    expect((await t.app.inject({ url: `/api/booking?patient=${encodeURIComponent(ann.email)}`, headers: bearer(ann) })).json()[0]).toMatchObject({ treatment: name });
    const repriced = await admin.request({ method: 'PATCH', url: `/api/admin/treatments/${id}`, payload: { price: 55.5 } });
    expect(repriced.statusCode).toBe(200);
    expect(repriced.json()).toMatchObject({ _id: id, price: 55.5 });
    expect((await treatmentsOn(t, TOMORROW)).find((x) => x._id === id)!.price).toBe(55.5);
    const own = () => t.app.inject({ url: `/api/booking?patient=${encodeURIComponent(ann.email)}`, headers: bearer(ann) });
    expect((await own()).json()).toEqual([expect.objectContaining({ _id: booked._id, treatment: name, price: 40 })]);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, booked._id)))[0]!.priceCents).toBe(4000);

    // Its booking is still ahead: removing it needs the admin's confirmation.
    const refused = await admin.request({ method: 'DELETE', url: `/api/admin/treatments/${id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'has_future_bookings', count: 1, bookings: [{ _id: booked._id }] });

    // Two days on, the booking is past: the treatment is archived, not deleted.
    now = new Date('2030-06-07T09:00:00Z');
    const archived = await admin.request({ method: 'DELETE', url: `/api/admin/treatments/${id}` });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toEqual({ deletedCount: 1, archived: true, cancelled: 0 });
    expect((await treatmentsOn(t, SATURDAY)).map((x) => x._id)).not.toContain(id);
    expect((await t.app.inject('/api/service')).json<{ _id: string }[]>().map((x) => x._id)).not.toContain(id);
    expect((await own()).json()).toEqual([expect.objectContaining({ _id: booked._id, treatment: name, price: 40 })]);
    const archivedRow = (await admin.request({ url: '/api/admin/treatments' })).json<{ _id: string; active: boolean }[]>().find((x) => x._id === id);
    expect(archivedRow).toMatchObject({ active: false });
    const rebook = await book(t, await patient(), { treatmentId: id, date: SATURDAY, slot: '09.00 AM - 09.30 AM' });
    expect(rebook.statusCode).toBe(400);

    // Never booked: removed for good.
    const unused = await admin.addTreatment({});
    const removed = await admin.request({ method: 'DELETE', url: `/api/admin/treatments/${unused.id}` });
    expect(removed.json()).toEqual({ deletedCount: 1, archived: false, cancelled: 0 });
    expect(await t.db.select().from(treatmentsTable).where(eq(treatmentsTable.id, unused.id))).toEqual([]);
    expect((await admin.request({ url: '/api/admin/treatments' })).json<{ _id: string }[]>().map((x) => x._id)).not.toContain(unused.id);

    const audit = (await admin.request({ url: '/api/audit' })).json<{ actor: string; action: string; target: string; detail: Record<string, unknown> }[]>();
    const trail = audit.map((e) => [e.action, e.target]);
    expect(trail).toEqual(expect.arrayContaining([
      ['treatment.create', name],
      ['treatment.update', id],
      ['treatment.delete', id],
      ['treatment.create', unused.name],
      ['treatment.delete', unused.id],
    ]));
    expect(audit.find((e) => e.action === 'treatment.update' && e.target === id)).toMatchObject({ actor: ADMIN.ADMIN_EMAIL, detail: { price: 55.5 } });
    // The refused changes left no trace.
    expect(audit.filter((e) => e.action === 'treatment.delete' && e.target === id)).toHaveLength(1);
  });

  it('removes a treatment with future bookings only when told to cancel them, and mails each patient', async () => {
    const x = await admin.addTreatment({});
    const ann = await patient();
    const day = unusedDay();
    const booked = await bookOk(t, ann, { treatmentId: x.id, date: day, slot: '03.00 PM - 03.30 PM' });
    const res = await admin.request({ method: 'DELETE', url: `/api/admin/treatments/${x.id}?cancelFuture=true` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1, archived: true, cancelled: 1 });
    // One cancellation, recorded one way: the row and its history name the admin who made the change.
    const [adminUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.ADMIN_EMAIL));
    expect((await t.db.select().from(bookings).where(eq(bookings.id, booked._id)))[0]).toMatchObject({ status: 'cancelled', cancelledBy: 'admin', statusChangedBy: adminUser!.id });
    const history = await t.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, booked._id), eq(bookingEvents.type, 'cancelled')));
    expect(history).toEqual([expect.objectContaining({ actorKind: 'admin', actorId: adminUser!.id, data: expect.objectContaining({ cause: 'clinic' }) })]);
    const mails = await t.db.select().from(outbox).where(and(eq(outbox.toAddress, ann.email), eq(outbox.kind, 'booking-cancelled')));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Appointment cancelled, .*03\.00 PM - 03\.30 PM/)]);
  });

  it('removes doctors: refused over future bookings unless cancelled, kept inactive when booked before, deleted when never booked', async () => {
    const listDoctors = async () => (await admin.request({ url: '/api/doctor' })).json<{ email: string }[]>().map((d) => d.email);

    // Future bookings.
    const leaving = await admin.addDoctor();
    const x = await admin.addTreatment({ requiresDoctor: true, doctorIds: [leaving.id] });
    const ann = await patient();
    const booked = await bookOk(t, ann, { treatmentId: x.id, date: TOMORROW, slot: '10.00 AM - 10.30 AM' });
    const refused = await admin.request({ method: 'DELETE', url: `/api/doctor/${leaving.email}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'has_future_bookings', bookings: [{ _id: booked._id, doctorId: leaving.id }] });
    expect(await listDoctors()).toContain(leaving.email);
    const gone = await admin.request({ method: 'DELETE', url: `/api/doctor/${leaving.email}?cancelFuture=true` });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ deletedCount: 1 });
    expect((await t.db.select().from(bookings).where(eq(bookings.id, booked._id)))[0]!.status).toBe('cancelled');
    const mails = await t.db.select().from(outbox).where(and(eq(outbox.toAddress, ann.email), eq(outbox.kind, 'booking-cancelled')));
    expect(mails).toHaveLength(1);
    expect(await listDoctors()).not.toContain(leaving.email);
    expect((await t.db.select().from(doctors).where(eq(doctors.id, leaving.id)))[0]).toMatchObject({ active: false });
    // Their treatment has nobody left to perform it.
    expect(await slotsOf(t, TOMORROW, x.id)).toEqual([]);

    // Only past bookings.
    const retired = await admin.addDoctor();
    const y = await admin.addTreatment({ requiresDoctor: true, doctorIds: [retired.id] });
    const bob = await patient();
    const past = await bookOk(t, bob, { treatmentId: y.id, date: TOMORROW, slot: '09.00 AM - 09.30 AM' });
    now = new Date('2030-06-07T09:00:00Z');
    const kept = await admin.request({ method: 'DELETE', url: `/api/doctor/${retired.email}` });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ deletedCount: 1 });
    expect(await listDoctors()).not.toContain(retired.email);
    expect((await t.db.select().from(doctors).where(eq(doctors.id, retired.id)))[0]).toMatchObject({ active: false });
    const bobs = await t.app.inject({ url: `/api/booking?patient=${encodeURIComponent(bob.email)}`, headers: bearer(bob) });
    expect(bobs.json()).toEqual([expect.objectContaining({ _id: past._id, doctor: { _id: retired.id, name: retired.name } })]);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, past._id)))[0]!.status).toBe('confirmed');

    // Never booked.
    const never = await admin.addDoctor();
    const deleted = await admin.request({ method: 'DELETE', url: `/api/doctor/${never.email}` });
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect(await t.db.select().from(doctors).where(eq(doctors.id, never.id))).toEqual([]);
    expect((await admin.request({ method: 'DELETE', url: `/api/doctor/${never.email}` })).json()).toEqual({ deletedCount: 0 });

    const audit = (await admin.request({ url: '/api/audit' })).json<{ action: string; target: string }[]>();
    for (const d of [leaving, retired, never]) expect(audit.map((e) => [e.action, e.target])).toContainEqual(['doctor.delete', d.email]);
  });
});

describe('weekly hours', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminOf>>;
  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => NOW });
    admin = await adminOf(t);
  });
  afterAll(() => t.close());

  it('closes Saturdays: no slots, closed in the calendar, and a booking already there stands and is listed', async () => {
    const [ann] = await createSignedInPatients(t, 1, 'saturday');
    const cleaning = (await treatmentsOn(t, SATURDAY)).find((x) => x.name === 'Teeth Cleaning')!;
    const standing = await bookOk(t, ann!, { treatmentId: cleaning._id, date: '2030-06-15', slot: '09.00 AM - 09.30 AM' });

    const weekdays = { ...Object.fromEntries(Object.keys(WEEK).map((d) => [d, CLINIC_DAY])), 6: [] };
    const res = await admin.request({ method: 'PUT', url: '/api/admin/working-hours', payload: { weekdays } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ doctorId: null, weekdays: { ...weekdays, 6: [] }, affectedBookings: [standing._id] });
    expect((await admin.request({ url: '/api/admin/working-hours' })).json()).toEqual({ doctorId: null, weekdays });

    for (const saturday of [SATURDAY, '2030-06-15']) {
      const list = await treatmentsOn(t, saturday);
      expect(list.map((x) => x.name)).toEqual(SIX);
      expect(list.every((x) => x.slots.length === 0), saturday).toBe(true);
    }
    expect((await treatmentsOn(t, SUNDAY)).every((x) => x.slots.length === 16)).toBe(true);
    const calendar = (await t.app.inject('/api/calendar?from=2030-06-06&to=2030-06-16')).json<CalendarDay[]>();
    expect(calendar.filter((d) => !d.open).map((d) => d.date)).toEqual([SATURDAY, '2030-06-15']);
    expect(calendar.filter((d) => d.open)).toHaveLength(9);
    for (const d of calendar) expect(d.free, d.date).toBe(d.open ? 96 : 0);
    const perTreatment = (await t.app.inject(`/api/calendar?from=${SATURDAY}&to=${SUNDAY}&treatmentId=${cleaning._id}`)).json();
    expect(perTreatment).toEqual([{ date: SATURDAY, open: false, free: 0 }, { date: SUNDAY, open: true, free: 16 }]);

    // The booking made before stands; a new one on a Saturday is refused.
    const own = await t.app.inject({ url: `/api/booking?patient=${encodeURIComponent(ann!.email)}`, headers: bearer(ann!) });
    expect(own.json()).toEqual([expect.objectContaining({ _id: standing._id, date: '2030-06-15' })]);
    const [bob] = await createSignedInPatients(t, 1, 'saturday');
    const refused = await book(t, bob!, { treatmentId: cleaning._id, date: SATURDAY, slot: '10.00 AM - 10.30 AM' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('slot');
  });

  it('refuses overlapping or off-grid hours with the field that is wrong', async () => {
    const overlapping = await admin.request({
      method: 'PUT', url: '/api/admin/working-hours',
      payload: { weekdays: { 1: [{ start: 480, end: 720 }, { start: 690, end: 900 }] } },
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().errors).toEqual({ 'weekdays.1': ['Stretches of one day must not overlap'] });
    const offGrid = await admin.request({ method: 'PUT', url: '/api/admin/working-hours', payload: { weekdays: { 1: [{ start: 485, end: 720 }] } } });
    expect(offGrid.statusCode).toBe(400);
    expect(offGrid.json().errors).toEqual({ 'weekdays.1.0.start': ['Times go in steps of 30 minutes'] });
    const backwards = await admin.request({ method: 'PUT', url: '/api/admin/working-hours', payload: { weekdays: { 1: [{ start: 720, end: 480 }] } } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ 'weekdays.1.0.end': ['The end must be after the start'] });
    // None of them changed the hours.
    expect((await admin.request({ url: '/api/admin/working-hours' })).json().weekdays['1']).toEqual(CLINIC_DAY);
  });

  it("keeps a doctor's own weekly hours inside the clinic's, and back on the clinic's with null", async () => {
    const doctor = await admin.addDoctor();
    const x = await admin.addTreatment({ requiresDoctor: true, doctorIds: [doctor.id] });
    const [ann] = await createSignedInPatients(t, 1, 'hours');
    const monday = '2030-06-10';
    const tuesday = '2030-06-11';
    const labels = async (date: string) =>
      (await t.app.inject({ url: `/api/availability?date=${date}&treatmentId=${x.id}`, headers: bearer(ann!) }))
        .json<Availability>().lanes.flatMap((l) => l.slots.map((s) => s.label));
    // Mondays 07.00-10.00 (the clinic opens at 08.00) and 16.30-18.00 (it closes at 17.00); no other day.
    const own = await admin.request({
      method: 'PUT', url: `/api/admin/working-hours?doctorId=${doctor.id}`,
      payload: { weekdays: { 1: [{ start: 420, end: 600 }, { start: 990, end: 1080 }] } },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ doctorId: doctor.id, weekdays: { 1: [{ start: 420, end: 600 }, { start: 990, end: 1080 }], 2: [] } });
    expect(await labels(monday)).toEqual(['08.00 AM - 08.30 AM', '08.30 AM - 09.00 AM', '09.00 AM - 09.30 AM', '09.30 AM - 10.00 AM', '04.30 PM - 05.00 PM']);
    expect(await labels(tuesday)).toEqual([]);
    expect(await slotsOf(t, tuesday, x.id)).toEqual([]);
    const outside = await book(t, ann!, { treatmentId: x.id, date: monday, slot: '10.00 AM - 10.30 AM' });
    expect(outside.statusCode).toBe(400);

    const back = await admin.request({ method: 'PUT', url: `/api/admin/working-hours?doctorId=${doctor.id}`, payload: { weekdays: null } });
    expect(back.json()).toMatchObject({ doctorId: doctor.id, weekdays: null });
    expect(await labels(tuesday)).toEqual(GRID);
  });
});

describe('races and instances', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminOf>>;
  /** On PostgreSQL a second instance on the same database; on PGlite (one process) the same app. */
  let other: TestApp['app'];
  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => NOW });
    admin = await adminOf(t);
    other = testDb === 'postgres' ? await buildApp(t.config, { logger: false, now: () => NOW, passwordHasher: quickPasswordHasher }) : t.app;
  });
  afterAll(async () => {
    if (other !== t.app) await other.close();
    await t.close();
  });

  /** The requests, split between the two instances; every response with its status. */
  const race = (requests: { user: { token: string }; body: Record<string, unknown> }[]) =>
    Promise.all(
      requests.map(({ user, body }, i) =>
        (i % 2 === 0 ? t.app : other).inject({ method: 'POST', url: '/api/booking', headers: bearer(user), payload: body }),
      ),
    );
  const tally = (responses: { statusCode: number }[]) => ({
    created: responses.filter((r) => r.statusCode === 201).length,
    conflicts: responses.filter((r) => r.statusCode === 409).length,
    serverErrors: responses.filter((r) => r.statusCode >= 500).length,
  });

  it('gives one doctor-lane slot to exactly one of 200 simultaneous patients', async () => {
    const doctor = await admin.addDoctor();
    const x = await admin.addTreatment({ requiresDoctor: true, doctorIds: [doctor.id] });
    const patients = await createSignedInPatients(t, 200);
    const slot = '10.00 AM - 10.30 AM';
    const responses = await race(patients.map((user) => ({ user, body: { treatmentId: x.id, date: TOMORROW, slot } })));
    expect(tally(responses)).toEqual({ created: 1, conflicts: 199, serverErrors: 0 });
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({ success: false, booking: { date: TOMORROW, slot, treatment: x.name } });
    }
    const rows = await t.db.select().from(bookings).where(eq(bookings.treatmentId, x.id));
    expect(rows.map((r) => [r.doctorId, r.status, r.startMin])).toEqual([[doctor.id, 'confirmed', 600]]);
  });

  it('gives a time with two doctors to exactly two of 200 simultaneous patients, one on each', async () => {
    const [d1, d2] = [await admin.addDoctor(), await admin.addDoctor()];
    const x = await admin.addTreatment({ requiresDoctor: true, doctorIds: [d1.id, d2.id] });
    // A doctor shared with another treatment, raced at the same time from both.
    const y = await admin.addTreatment({ requiresDoctor: true, doctorIds: [d2.id] });
    const patients = await createSignedInPatients(t, 200);
    const slot = '11.00 AM - 11.30 AM';
    const responses = await race(patients.map((user, i) => ({ user, body: { treatmentId: i % 4 === 3 ? y.id : x.id, date: TOMORROW, slot } })));
    const figures = tally(responses);
    expect(figures.serverErrors).toBe(0);
    expect(figures.created + figures.conflicts).toBe(200);
    const rows = await t.db.select().from(bookings).where(and(eq(bookings.date, TOMORROW), inArray(bookings.treatmentId, [x.id, y.id])));
    expect(rows).toHaveLength(figures.created);
    // Each doctor is taken once at most, and there are two of them: exactly two bookings.
    expect(rows.map((r) => r.doctorId).sort()).toEqual([d1.id, d2.id].sort());
  });

  it('never leaves a confirmed booking on a day closed while bookings for it were racing in', async () => {
    const list = await treatmentsOn(t, TOMORROW);
    const slots = ['08.00 AM - 08.30 AM', '09.00 AM - 09.30 AM', '01.00 PM - 01.30 PM'];
    for (const cancelAffected of [false, true]) {
      for (let round = 0; round < 3; round++) {
        const day = unusedDay();
        const patients = await createSignedInPatients(t, 36, 'closing');
        const bookingsRacing = race(patients.map((user, i) => ({ user, body: { treatmentId: list[i % 6]!._id, date: day, slot: slots[i % 3]! } })));
        const closure = new Promise((r) => setTimeout(r, round * 2)).then(() =>
          admin.request({
            method: 'POST',
            url: `/api/admin/schedule-exceptions${cancelAffected ? '?cancelAffected=true' : ''}`,
            payload: { dateFrom: day, dateTo: day, kind: 'closed', reason: 'Burst pipe' },
          }),
        );
        const [closed, responses] = await Promise.all([closure, bookingsRacing]);
        expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
        expect([201, 409]).toContain(closed.statusCode);
        const confirmed = await t.db.select().from(bookings).where(and(eq(bookings.date, day), eq(bookings.status, 'confirmed')));
        const exceptions = await t.db.select().from(scheduleExceptions).where(eq(scheduleExceptions.dateFrom, day));
        if (closed.statusCode === 201) {
          expect(confirmed, `round ${round}`).toEqual([]);
          expect(exceptions).toHaveLength(1);
        } else {
          // Refused: the bookings that won stand, and the day stays open.
          expect(cancelAffected).toBe(false);
          expect(confirmed.length).toBe(responses.filter((r) => r.statusCode === 201).length);
          expect(exceptions).toEqual([]);
        }
      }
    }
  });

  const allClosed = (list: TreatmentAvailability[]) => list.length >= 6 && list.every((x) => x.slots.length === 0);

  it('shows a closure made on one instance on another within a second', async () => {
    const day = unusedDay();
    expect((await treatmentsOn(t, day)).every((x) => x.slots.length === 16)).toBe(true); // now cached
    if (testDb === 'postgres') {
      const onOther = async (date: string) => (await other.inject(`/api/available?date=${date}`)).json<TreatmentAvailability[]>();
      expect((await onOther(day)).every((x) => x.slots.length === 16)).toBe(true); // cached there too
      const created = await admin.request({ method: 'POST', url: '/api/admin/schedule-exceptions', payload: { dateFrom: day, dateTo: day, kind: 'closed', reason: 'Inspection' } });
      expect(created.statusCode).toBe(201);
      const started = Date.now();
      expect(await eventually(async () => allClosed(await onOther(day)), 1000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000);

      // And the other way round: a treatment added there is offered here.
      const name = uniqueName('Elsewhere');
      const added = await other.inject({ method: 'POST', url: '/api/admin/treatments', headers: { authorization: `Bearer ${admin.token}` }, payload: { name, price: 12 } });
      expect(added.statusCode).toBe(201);
      const shown = await eventually(async () => (await t.app.inject('/api/service')).json<{ name: string }[]>().some((x) => x.name === name), 1000);
      expect(shown).toBe(true);
    } else {
      // PGlite runs in one process: another writer here is a committed schedule change with its
      // version bump and NOTIFY, as another instance would make it.
      await t.db.transaction(async (tx) => {
        await tx.insert(scheduleExceptions).values({ dateFrom: day, dateTo: day, kind: 'closed', reason: 'Inspection' });
        await tx.update(clinicState).set({ scheduleVersion: sql`${clinicState.scheduleVersion} + 1` }).where(eq(clinicState.id, 1));
        await notifyScheduleChanged(tx);
      });
      const started = Date.now();
      expect(await eventually(async () => allClosed(await treatmentsOn(t, day)), 1000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });
});

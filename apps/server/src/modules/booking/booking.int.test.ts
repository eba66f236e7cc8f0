import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@clinic/shared';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { bookings, outbox } from '../../db/schema.ts';
import { notifyAvailabilityChanged } from './availability-channel.ts';
import {
  bearer, buildTestApp, createBooking, createSignedInPatients, signUp, slotTimes, treatmentsOn, unusedDay, type TestApp,
  quickPasswordHasher,
} from '../../test/helper.ts';

// The clock is pinned: 2030-06-05 10:15 in the clinic's zone (UTC in these tests).
const NOW = new Date('2030-06-05T10:15:00Z');
const TODAY = '2030-06-05';
const TOMORROW = '2030-06-06';

interface Treatment { _id: string; name: string; slots: string[]; price: number }

/** `2030-06-06` as the web app's date picker sends it: `Jun 6, 2030`. */
const mediumDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

describe('booking', () => {
  let t: TestApp;
  let treatments: Treatment[];
  let now = NOW;
  const book = (user: { token: string }, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(user), payload: body });
  const treatment = (name: string) => treatments.find((x) => x.name === name)!;
  /** A fresh patient per test (straight in the database, no password hash): nobody else's bookings. */
  const patient = async () => (await createSignedInPatients(t, 1, 'patient'))[0]!;

  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => now });
    treatments = (await t.app.inject(`/api/available?date=${TOMORROW}`)).json();
  });
  beforeEach(() => {
    now = NOW;
  });
  afterAll(() => t.close());

  it('lists every treatment with its free slots and dollar price, in time order', async () => {
    expect(treatments.map((x) => [x.name, x.price, x.slots.length])).toEqual([
      ['Teeth Orthodontics', 20, 16],
      ['Cosmetic Dentistry', 15, 16],
      ['Teeth Cleaning', 17, 16],
      ['Cavity Protection', 19, 16],
      ['Pediatric Dental', 25, 16],
      ['Oral Surgery', 35, 16],
    ]);
    expect(treatments[0]!.slots[0]).toBe('08.00 AM - 08.30 AM');
  });

  it('accepts the medium date format and drops today’s started slots', async () => {
    const today = (await t.app.inject('/api/available?date=Jun%205%2C%202030')).json<Treatment[]>();
    expect(today[0]!.slots[0]).toBe('10.30 AM - 11.00 AM');
  });

  // isSlotOpen: a slot of today is open while its start is later than the clinic's minute now.
  it('neither offers nor books a slot starting this very minute', async () => {
    const cleaning = treatment('Teeth Cleaning');
    const slot = '09.00 AM - 09.30 AM';
    const ann = await patient();
    now = new Date('2030-06-05T08:59:00Z'); // the clinic's zone is UTC here
    expect((await treatmentsOn(t, TODAY)).find((x) => x._id === cleaning._id)!.slots[0]).toBe(slot);

    now = new Date('2030-06-05T09:00:00Z');
    const offered = await treatmentsOn(t, TODAY);
    expect(offered.find((x) => x._id === cleaning._id)!.slots[0]).toBe('09.30 AM - 10.00 AM');
    expect(offered.some((x) => x.slots.includes(slot))).toBe(false);
    const res = await book(ann, { treatmentId: cleaning._id, date: TODAY, slot });
    expect(res.statusCode).toBe(400);
    const message = 'That slot has already started; choose a later one.';
    expect(res.json()).toMatchObject({ code: 'validation_failed', detail: message, errors: { slot: [message] } });
  });

  it('offers and books a slot of today one minute before it starts', async () => {
    const cosmetic = treatment('Cosmetic Dentistry');
    const slot = '09.00 AM - 09.30 AM';
    now = new Date('2030-06-05T08:59:00Z');
    expect((await treatmentsOn(t, TODAY)).find((x) => x._id === cosmetic._id)!.slots[0]).toBe(slot);
    const booked = await createBooking(t, await patient(), { treatmentId: cosmetic._id, date: TODAY, slot });
    expect(booked).toMatchObject({ date: TODAY, slot });
  });

  it('gives empty slot lists for the past and beyond the window', async () => {
    for (const date of ['2030-06-04', '2030-09-04']) {
      const res = (await t.app.inject(`/api/available?date=${date}`)).json<Treatment[]>();
      expect(res.every((x) => x.slots.length === 0), date).toBe(true);
    }
  });

  it.each(['2030-02-30', 'tomorrow', '', '2030-6-6', 'Jun 31, 2030'])('answers the bad date %j with a 400', async (date) => {
    const res = await t.app.inject(`/api/available?date=${encodeURIComponent(date)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { date: [expect.any(String)] } });
  });

  it('requires a date', async () => {
    expect((await t.app.inject('/api/available')).statusCode).toBe(400);
  });

  it('serves the treatment names for the specialty list', async () => {
    const res = await t.app.inject('/api/service');
    expect(res.json()).toEqual(treatments.map((x) => ({ _id: x._id, name: x.name })));
  });

  it('books a slot, which then disappears from the list', async () => {
    const ann = await signUp(t, { name: 'Ann Lee' });
    const day = unusedDay();
    const cleaning = treatment('Teeth Cleaning');
    const res = await book(ann, {
      treatmentId: cleaning._id, treatment: cleaning.name, date: mediumDate(day),
      slot: '09.00 AM - 09.30 AM', phone: '555-0100',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      booking: {
        _id: expect.any(String), treatmentId: cleaning._id, treatment: 'Teeth Cleaning', date: day,
        slot: '09.00 AM - 09.30 AM', price: 17, paid: false, patient: ann.email, patientName: 'Ann Lee',
        phone: '555-0100', transactionId: null, paymentMode: null,
        // A treatment that needs no doctor is booked on its own queue.
        doctor: null,
        status: 'confirmed', version: 1, startsAt: `${day}T09:00:00.000Z`, endsAt: `${day}T09:30:00.000Z`,
        cancelDeadline: `${addDays(day, -1)}T09:00:00.000Z`, rescheduleDeadline: `${addDays(day, -1)}T09:00:00.000Z`,
        canCancel: true, canReschedule: true, cancelledBy: null, refund: null, arrivedAt: null, dependent: null,
      },
    });
    const cleaningAfter = (await treatmentsOn(t, day)).find((x) => x.name === 'Teeth Cleaning')!;
    expect(cleaningAfter.slots).toHaveLength(15);
    expect(cleaningAfter.slots).not.toContain('09.00 AM - 09.30 AM');
  });

  it('refuses a second booking of the same treatment and day with the spec conflict answer', async () => {
    const ann = await patient();
    const day = unusedDay();
    const cleaning = treatment('Teeth Cleaning');
    await createBooking(t, ann, { treatmentId: cleaning._id, date: day, slot: '09.00 AM - 09.30 AM' });
    const res = await book(ann, { treatmentId: cleaning._id, date: day, slot: '02.00 PM - 02.30 PM' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      booking: { date: day, slot: '09.00 AM - 09.30 AM', treatment: 'Teeth Cleaning' },
      code: 'conflict',
    });
  });

  it('refuses a slot another patient holds without revealing who', async () => {
    const [ann, bob] = await createSignedInPatients(t, 2, 'holder');
    const day = unusedDay();
    const cleaning = treatment('Teeth Cleaning');
    await createBooking(t, ann!, { treatmentId: cleaning._id, date: day, slot: '09.00 AM - 09.30 AM' });
    const res = await book(bob!, { treatmentId: cleaning._id, date: day, slot: '09.00 AM - 09.30 AM' });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({ success: false, booking: { date: day, slot: '09.00 AM - 09.30 AM' } });
    expect(JSON.stringify(body)).not.toContain(ann!.email);
  });

  it('takes the price from the treatment, not from the request', async () => {
    const surgery = treatment('Oral Surgery');
    const res = await book(await patient(), { treatmentId: surgery._id, date: unusedDay(), slot: '08.00 AM - 08.30 AM', price: 0.01 });
    expect(res.statusCode).toBe(201);
    expect(res.json().booking.price).toBe(35);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, res.json().booking._id));
    expect(row!.priceCents).toBe(3500);
  });

  it('refuses to book for someone else, and takes the name from the account', async () => {
    const ann = await patient();
    const bob = await signUp(t, { name: 'Bob Real' });
    const day = unusedDay();
    const ortho = treatment('Teeth Orthodontics');
    const forged = await book(bob, { treatmentId: ortho._id, date: day, slot: '08.00 AM - 08.30 AM', patient: ann.email });
    expect(forged.statusCode).toBe(403);
    const named = await book(bob, { treatmentId: ortho._id, date: day, slot: '08.00 AM - 08.30 AM', patient: bob.email, patientName: 'Someone Else' });
    expect(named.statusCode).toBe(201);
    expect(named.json().booking).toMatchObject({ patient: bob.email, patientName: 'Bob Real' });
  });

  it('refuses anonymous bookings', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/booking', payload: { treatmentId: treatments[0]!._id, date: TOMORROW, slot: treatments[0]!.slots[0] } });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ date: '2030-06-04' }, 'date'],
    [{ date: '2030-09-04' }, 'date'],
    [{ date: '2030-02-30' }, 'date'],
    [{ date: '2030-06-05', slot: '09.00 AM - 09.30 AM' }, 'slot'], // today, already started
    [{ slot: '07.00 AM - 07.30 AM' }, 'slot'],
    [{ treatmentId: 'not-a-treatment' }, 'treatmentId'],
    [{ treatmentId: '00000000-0000-4000-8000-000000000000' }, 'treatmentId'],
  ])('answers %j with a 400 on %s', async (override, field) => {
    const pediatric = treatment('Pediatric Dental');
    const res = await book(await patient(), { treatmentId: pediatric._id, date: TOMORROW, slot: '03.00 PM - 03.30 PM', ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
  });

  it("lists a patient's own bookings only", async () => {
    const [ann, bob] = await createSignedInPatients(t, 2, 'lister');
    const day = unusedDay();
    await createBooking(t, ann!, { treatmentId: treatment('Teeth Cleaning')._id, date: day, slot: '09.00 AM - 09.30 AM' });
    await createBooking(t, ann!, { treatmentId: treatment('Oral Surgery')._id, date: day, slot: '08.00 AM - 08.30 AM' });
    await createBooking(t, bob!, { treatmentId: treatment('Cavity Protection')._id, date: day, slot: '08.00 AM - 08.30 AM' });
    const own = await t.app.inject({ url: `/api/booking?patient=${ann!.email}`, headers: bearer(ann!) });
    expect(own.statusCode).toBe(200);
    const list = own.json<{ treatment: string; date: string; slot: string; paid: boolean; price: number; patientName: string }[]>();
    expect(list.map((b) => [b.treatment, b.slot])).toEqual([
      ['Oral Surgery', '08.00 AM - 08.30 AM'],
      ['Teeth Cleaning', '09.00 AM - 09.30 AM'],
    ]);
    expect(list[0]).toMatchObject({ date: day, paid: false, price: 35, patientName: ann!.name });

    expect((await t.app.inject({ url: `/api/booking?patient=${ann!.email}`, headers: bearer(bob!) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/booking?patient=${ann!.email}` })).statusCode).toBe(401);
  });

  it("shows one booking to its patient and a 404 to anyone else's patient", async () => {
    const [ann, bob] = await createSignedInPatients(t, 2, 'viewer');
    const booked = await createBooking(t, ann!, { treatmentId: treatment('Oral Surgery')._id, date: unusedDay(), slot: '08.00 AM - 08.30 AM' });
    const mine = await t.app.inject({ url: `/api/booking/${booked._id}`, headers: bearer(ann!) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ _id: booked._id, patientName: ann!.name, treatment: 'Oral Surgery' });
    expect((await t.app.inject({ url: `/api/booking/${booked._id}`, headers: bearer(bob!) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/booking/not-a-uuid', headers: bearer(ann!) })).statusCode).toBe(404);
  });
});

describe('booking races', () => {
  let t: TestApp;
  let treatments: Treatment[];
  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => NOW });
    treatments = (await t.app.inject(`/api/available?date=${TOMORROW}`)).json();
  });
  afterAll(() => t.close());

  it('gives one slot to exactly one of 1,000 simultaneous patients', async () => {
    const patients = await createSignedInPatients(t, 1000);
    const target = treatments[0]!;
    const started = performance.now();
    const responses = await Promise.all(
      patients.map((p) =>
        t.app.inject({
          method: 'POST',
          url: '/api/booking',
          headers: bearer(p),
          payload: { treatmentId: target._id, date: TOMORROW, slot: '10.00 AM - 10.30 AM' },
        }),
      ),
    );
    const wallMs = Math.round(performance.now() - started);
    const count = (status: number) => responses.filter((r) => r.statusCode === status).length;
    const figures = { created: count(201), conflicts: count(409), serverErrors: responses.filter((r) => r.statusCode >= 500).length, wallMs };
    console.info(`[race ${process.env.TEST_DB}] 1000 patients, one slot:`, JSON.stringify(figures));
    expect(figures).toMatchObject({ created: 1, conflicts: 999, serverErrors: 0 });
    const rows = await t.db.select().from(bookings).where(eq(bookings.treatmentId, target._id));
    expect(rows).toHaveLength(1);
  });

  it('lets the same patient submitting twice at once get exactly one booking', async () => {
    const [patient] = await createSignedInPatients(t, 1, 'twice');
    const target = treatments[1]!;
    const responses = await Promise.all(
      ['01.00 PM - 01.30 PM', '01.30 PM - 02.00 PM', '01.00 PM - 01.30 PM', '02.00 PM - 02.30 PM'].map((slot) =>
        t.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(patient!), payload: { treatmentId: target._id, date: TOMORROW, slot } }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  // Simultaneous bookings share transactions (group commit): each must still get its own answer.
  it('answers each of many simultaneous bookings with its own booking, conflict or error', async () => {
    const patients = await createSignedInPatients(t, 24, 'batch');
    const target = treatments[2]!;
    const days = ['2030-06-10', '2030-06-11', '2030-06-12'];
    // Patients 0-17 each want a distinct slot over three days; 18-20 want the slots 0-2 hold;
    // 21 asks twice (two slots, one day); 22's phone holds a NUL byte, which the database refuses.
    const requests = patients.slice(0, 18).map((p, i) => ({ p, day: days[i % 3]!, slot: target.slots[Math.floor(i / 3)]! }));
    requests.push(...[0, 1, 2].map((i) => ({ p: patients[18 + i]!, day: requests[i]!.day, slot: requests[i]!.slot })));
    requests.push({ p: patients[21]!, day: days[0]!, slot: target.slots[10]! }, { p: patients[21]!, day: days[0]!, slot: target.slots[11]! });
    const bad = { p: patients[22]!, day: days[1]!, slot: target.slots[12]!, phone: 'call\u0000me' };
    const responses = await Promise.all(
      [...requests, bad].map(({ p, day, slot, ...rest }) =>
        t.app.inject({
          method: 'POST',
          url: '/api/booking',
          headers: bearer(p),
          payload: { treatmentId: target._id, date: day, slot, phone: 'phone' in rest ? rest.phone : '555-0100' },
        }),
      ),
    );

    // Slots 3-17 have one asker each. Slots 0-2 have two: one of each pair wins and the other gets
    // the conflict. Which one is the order the database saw them in (with the fast paths off, each
    // request is its own transaction and they race on PostgreSQL's pool).
    responses.slice(3, 18).forEach((res, j) => {
      const i = j + 3;
      expect(res.statusCode).toBe(201);
      expect(res.json().booking).toMatchObject({ patient: requests[i]!.p.email, date: requests[i]!.day, slot: requests[i]!.slot, treatment: target.name });
    });
    [0, 1, 2].forEach((i) => {
      const pair = [responses[i]!, responses[18 + i]!];
      expect(pair.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      const winner = pair[0]!.statusCode === 201 ? 0 : 1;
      expect(pair[winner]!.json().booking).toMatchObject({ patient: requests[winner === 0 ? i : 18 + i]!.p.email, date: requests[i]!.day, slot: requests[i]!.slot });
      expect(pair[1 - winner]!.json()).toMatchObject({ success: false, booking: { date: requests[i]!.day, slot: requests[i]!.slot, treatment: target.name } });
    });
    expect([responses[21]!.statusCode, responses[22]!.statusCode].sort()).toEqual([201, 409]);
    const own = responses[21]!.statusCode === 409 ? responses[21]! : responses[22]!;
    expect(own.json().detail).toMatch(/^You already have /);
    expect(responses[23]!.statusCode).toBe(400);

    const rows = await t.db.select().from(bookings).where(eq(bookings.treatmentId, target._id));
    expect(rows).toHaveLength(19);
    expect(rows.filter((r) => r.patientEmail === bad.p.email)).toHaveLength(0);
    // One confirmation in the outbox per booking, none for the refused ones.
    const mails = await t.db.select().from(outbox).where(eq(outbox.kind, 'booking-confirmation'));
    const mailed = mails.map((m) => m.toAddress);
    for (const row of rows) expect(mailed.filter((to) => to === row.patientEmail)).toHaveLength(1);
    expect(mailed).not.toContain(bad.p.email);
  });
});

describe('availability cache across instances', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => NOW });
  });
  afterAll(() => t.close());

  const freeOn = async (app: TestApp['app'], treatmentId: string) =>
    (await app.inject(`/api/available?date=${TOMORROW}`)).json<Treatment[]>().find((x) => x._id === treatmentId)!.slots;

  async function eventually(check: () => Promise<boolean>) {
    const deadline = Date.now() + 3000;
    while (!(await check())) {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  }

  it('shows a change made elsewhere once its transaction commits', async () => {
    const [treatment] = (await t.app.inject(`/api/available?date=${TOMORROW}`)).json<Treatment[]>();
    const slot = '03.30 PM - 04.00 PM';
    expect(await freeOn(t.app, treatment!._id)).toContain(slot); // now cached

    if (process.env.TEST_DB === 'postgres') {
      // A second instance on the same database books it.
      const other = await buildApp(t.config, { logger: false, now: () => NOW, passwordHasher: quickPasswordHasher });
      try {
        expect(await freeOn(other, treatment!._id)).toContain(slot);
        const [patient] = await createSignedInPatients(t, 1, 'elsewhere');
        const res = await other.inject({ method: 'POST', url: '/api/booking', headers: bearer(patient!), payload: { treatmentId: treatment!._id, date: TOMORROW, slot } });
        expect(res.statusCode).toBe(201);
        // The booking instance itself: at once.
        expect(await freeOn(other, treatment!._id)).not.toContain(slot);
        // Every other instance: as soon as NOTIFY arrives.
        expect(await eventually(async () => !(await freeOn(t.app, treatment!._id)).includes(slot))).toBe(true);
      } finally {
        await other.close();
      }
    } else {
      // PGlite runs in one process; another writer here is a committed change with its NOTIFY.
      const [patient] = await createSignedInPatients(t, 1, 'elsewhere');
      await t.db.transaction(async (tx) => {
        await tx.insert(bookings).values({
          treatmentId: treatment!._id, treatmentName: treatment!.name, date: TOMORROW, slot, ...slotTimes(TOMORROW, slot),
          patientEmail: patient!.email, patientName: patient!.name, priceCents: 100,
        });
        await notifyAvailabilityChanged(tx, [TOMORROW]);
      });
      expect(await eventually(async () => !(await freeOn(t.app, treatment!._id)).includes(slot))).toBe(true);
    }
  });
});

describe('booking limits per patient', () => {
  let t: TestApp;
  let treatments: Treatment[];
  const days = Array.from({ length: 15 }, (_, i) => `2030-06-${String(10 + i).padStart(2, '0')}`);
  const book = (user: { token: string }, treatmentId: string, date: string, slot: string) =>
    t.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(user), payload: { treatmentId, date, slot } });

  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => NOW });
    treatments = (await t.app.inject(`/api/available?date=${TOMORROW}`)).json();
  });
  afterAll(() => t.close());

  it('gives a new account firing 90 bookings at once (6 treatments x 15 days) 10, and refuses the rest clearly', async () => {
    const [patient] = await createSignedInPatients(t, 1, 'filler');
    const responses = await Promise.all(
      treatments.flatMap((x) => days.map((day) => book(patient!, x._id, day, x.slots[0]!))),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
    const overLimit = responses.filter((r) => r.statusCode === 409);
    expect(overLimit.length).toBeGreaterThan(0);
    for (const res of overLimit) {
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'booking_limit_reached', limit: 10, detail: expect.stringContaining('10 upcoming appointments') });
    }
    // The rest were stopped by the per-account request limit, with a time to wait.
    const limited = responses.filter((r) => r.statusCode === 429);
    expect(limited.length).toBe(90 - 30);
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await t.db.select().from(bookings).where(eq(bookings.patientEmail, patient!.email));
    expect(rows).toHaveLength(10);
  });

  it('counts only upcoming active bookings, and a patient over the limit can book once one is cancelled', async () => {
    const limited = await buildTestApp({ MAX_ACTIVE_BOOKINGS: '2' }, { now: () => NOW });
    try {
      const [patient] = await createSignedInPatients(limited, 1, 'capped');
      const list = (await limited.app.inject(`/api/available?date=${TOMORROW}`)).json<Treatment[]>();
      const bookIn = (i: number, day: string) =>
        limited.app.inject({
          method: 'POST', url: '/api/booking', headers: bearer(patient!),
          payload: { treatmentId: list[i]!._id, date: day, slot: list[i]!.slots[3] },
        });
      // A visit in the past does not count against the patient.
      const first = await bookIn(0, '2030-06-10');
      const patientId = (await limited.db.select().from(bookings).where(eq(bookings.id, first.json().booking._id)))[0]!.patientId;
      await limited.db.insert(bookings).values({
        treatmentId: list[5]!._id, treatmentName: list[5]!.name, date: '2030-05-01', slot: list[5]!.slots[0]!,
        ...slotTimes('2030-05-01', list[5]!.slots[0]!),
        patientId, patientEmail: patient!.email, patientName: patient!.name, priceCents: 100,
      });
      expect((await bookIn(1, '2030-06-10')).statusCode).toBe(201);
      const refused = await bookIn(2, '2030-06-11');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'booking_limit_reached', limit: 2 });
      await limited.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, first.json().booking._id));
      expect((await bookIn(2, '2030-06-11')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('still answers a patient firing 16 requests at once for one day with one 201 and fifteen 409s', async () => {
    const [patient] = await createSignedInPatients(t, 1, 'eager');
    const target = treatments[4]!;
    const responses = await Promise.all(target.slots.map((slot) => book(patient!, target._id, '2030-07-01', slot)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array(15).fill(409)]);
    for (const res of responses.filter((r) => r.statusCode === 409)) expect(res.json().code).toBe('conflict');
  });

  it('limits booking requests per account, never per address', async () => {
    const [greedy, neighbour] = await createSignedInPatients(t, 2, 'wifi');
    const target = treatments[3]!;
    // Thirty requests that each reach the database (a request refused from memory is not counted):
    // ten bookings, then twenty refused by MAX_ACTIVE_BOOKINGS.
    const statuses = [];
    for (let i = 0; i < 30; i++) {
      const x = treatments[i % 6]!;
      statuses.push((await book(greedy!, x._id, `2030-07-${String(2 + Math.floor(i / 6)).padStart(2, '0')}`, x.slots[5]!)).statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    const stopped = await book(greedy!, target._id, '2030-07-20', target.slots[0]!);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toMatchObject({ code: 'rate_limited' });
    // Another patient on the same address (inject's 127.0.0.1) books as usual.
    expect((await book(neighbour!, target._id, '2030-07-03', target.slots[0]!)).statusCode).toBe(201);
  });
});

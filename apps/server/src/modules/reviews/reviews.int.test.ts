/**
 * Reviews through the API (issue 18; design section 3.6): only the patient of a completed visit
 * reviews it, once; nothing is public before an admin publishes it; edits go back to the clinic;
 * withdrawing keeps the visit reviewed; the public list is paged, averaged, cached and refreshed
 * on publish; doctors' averages; every decision audited; writes limited per account.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyReviews, PublicDoctor, PublicReviewsPage, TreatmentAvailability } from '@clinic/shared';
import { auditLog, bookings, doctors, reviews, users } from '../../db/schema.ts';
import { bearer, buildTestApp, createBooking, createTestStorage, signIn, signUp, testDb, treatmentsOn, type TestApp, type TestUser } from '../../test/helper.ts';

const START = Date.parse('2030-06-05T10:15:00Z');
const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };

describe('reviews', () => {
  let t: TestApp;
  let clockMs = START;
  let admin: { token: string };
  let treatments: TreatmentAvailability[];
  let day = 6;

  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => new Date(clockMs), jobs: { autoStart: false } });
    admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    treatments = await treatmentsOn(t, '2030-06-06');
  });
  afterAll(async () => t.close());

  /** A visit of `patient` that took place (booked, the clock moved past it, marked completed). */
  async function completedVisit(patient: TestUser, status: 'completed' | 'confirmed' = 'completed') {
    clockMs = START;
    const date = `2030-06-${String(day++).padStart(2, '0')}`;
    const booking = await createBooking(t, patient, { treatmentId: treatments[day % treatments.length]!._id, date, slot: '09.00 AM - 09.30 AM' });
    clockMs = Date.parse(`${date}T12:00:00Z`);
    if (status === 'completed') {
      const marked = await t.app.inject({ method: 'PATCH', url: `/api/admin/bookings/${booking._id}/status`, headers: bearer(admin), payload: { status: 'completed' } });
      expect(marked.statusCode).toBe(200);
    }
    return booking._id;
  }

  const review = (user: TestUser, bookingId: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/booking/${bookingId}/review`, headers: bearer(user), payload: body });
  const moderate = (id: string, status: 'published' | 'hidden', note?: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/reviews/${id}`, headers: bearer(admin), payload: { status, ...(note ? { note } : {}) } });
  const publicPage = async (query = '') => (await t.app.inject({ url: `/api/reviews${query}` })).json<PublicReviewsPage>();
  const mine = async (user: TestUser) => (await t.app.inject({ url: '/api/me/reviews', headers: bearer(user) })).json<MyReviews>();

  it('lets only the patient of a completed visit review it, once, and shows nothing before an admin publishes it', async () => {
    const ann = await signUp(t, { name: 'Ann Lee' });
    const visit = await completedVisit(ann);
    expect((await mine(ann)).reviewable).toEqual([visit]);

    const before = await publicPage();
    const created = await review(ann, visit, { rating: 5, text: '  Gentle and quick.\nThank you! <b>5 stars</b>  ', location: 'Texas' });
    expect(created.statusCode).toBe(201);
    const own = created.json().review;
    expect(own).toMatchObject({ bookingId: visit, rating: 5, text: 'Gentle and quick.\nThank you! <b>5 stars</b>', location: 'Texas', status: 'pending' });
    expect(await publicPage()).toEqual(before);
    expect((await mine(ann)).reviewable).toEqual([]);
    expect((await mine(ann)).reviews.map((r) => r.review.status)).toEqual(['pending']);

    const again = await review(ann, visit, { rating: 4, text: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You have already reviewed this visit.');
    const stranger = await signUp(t);
    expect((await review(stranger, visit, { rating: 1, text: 'Not mine' })).statusCode).toBe(404);
    const upcoming = await completedVisit(ann, 'confirmed');
    const early = await review(ann, upcoming, { rating: 5, text: 'Not yet' });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('You can review a visit once it has taken place.');
    const bad = await review(ann, upcoming, { rating: 6, text: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['rating', 'text']);
    expect((await review(ann, upcoming, { rating: 3, text: 'x'.repeat(1001) })).json().errors.text).toEqual(['A review has at most 1,000 characters']);
  });

  it('publishes and hides on an admin’s decision, audited; the public list shows first name and initial, the average and the count', async () => {
    const bob = await signUp(t, { name: 'Bob van Dyke' });
    const visit = await completedVisit(bob);
    const id = (await review(bob, visit, { rating: 3, text: 'Fine.' })).json().review._id as string;
    const pending = await t.app.inject({ url: '/api/admin/reviews?status=pending', headers: bearer(admin) });
    expect(pending.json().items.map((r: { _id: string }) => r._id)).toContain(id);

    const before = await publicPage();
    const published = await moderate(id, 'published', 'Checked');
    expect(published.statusCode).toBe(200);
    expect(published.json().review).toMatchObject({ status: 'published', author: 'Bob D.', patientName: 'Bob van Dyke', moderationNote: 'Checked' });
    const after = await publicPage();
    expect(after.count).toBe(before.count + 1);
    expect(after.items[0]).toMatchObject({ _id: id, rating: 3, text: 'Fine.', author: 'Bob D.', location: null, img: null });
    const all = await t.db.select().from(reviews).where(eq(reviews.status, 'published'));
    expect(after.average).toBe(Math.round((all.reduce((n, r) => n + r.rating, 0) / all.length) * 10) / 10);

    const hidden = await moderate(id, 'hidden');
    expect(hidden.statusCode).toBe(200);
    expect((await publicPage()).items.map((r) => r._id)).not.toContain(id);
    const decisions = await t.db.select().from(auditLog).where(eq(auditLog.target, id));
    expect(decisions.map((d) => d.action).sort()).toEqual(['review.hide', 'review.publish']);
    // The audit trail, narrowed (design section 3.6): by target, by action, paged back with `before`.
    const audit = (query: string) => t.app.inject({ url: `/api/audit?${query}`, headers: bearer(admin) });
    const about = (await audit(`target=${id}`)).json();
    expect(about.map((e: { action: string }) => e.action)).toEqual(['review.hide', 'review.publish']);
    expect((await audit(`target=${id}&action=review.publish`)).json()).toHaveLength(1);
    expect((await audit(`target=${id}&actor=BOSS@clinic.test&before=${encodeURIComponent(about[0].at)}`)).json().map((e: { action: string }) => e.action)).toEqual(['review.publish']);
    expect((await audit('before=yesterday')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/reviews/${id}`, headers: bearer(bob), payload: { status: 'published' } })).statusCode).toBe(403);
  });

  it('sends an edited published review back to the clinic; a withdrawn one leaves the list, cannot be published, and the visit stays reviewed', async () => {
    const cy = await signUp(t, { name: 'Cy' });
    const visit = await completedVisit(cy);
    const id = (await review(cy, visit, { rating: 4, text: 'Good.' })).json().review._id as string;
    await moderate(id, 'published');
    expect((await publicPage()).items.find((r) => r._id === id)?.author).toBe('Cy');

    const edited = await t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: bearer(cy), payload: { rating: 2 } });
    expect(edited.json().review).toMatchObject({ rating: 2, text: 'Good.', status: 'pending' });
    expect((await publicPage()).items.map((r) => r._id)).not.toContain(id);
    const stranger = await signUp(t);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: bearer(stranger), payload: { rating: 5 } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers: bearer(stranger) })).statusCode).toBe(404);

    await moderate(id, 'published');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers: bearer(cy) })).statusCode).toBe(204);
    expect((await publicPage()).items.map((r) => r._id)).not.toContain(id);
    expect((await moderate(id, 'published')).statusCode).toBe(409);
    expect((await review(cy, visit, { rating: 5, text: 'Again' })).statusCode).toBe(409);
    expect((await mine(cy)).reviews[0]!.review.status).toBe('withdrawn');
  });

  it('pages the public list newest published first, and averages per doctor where patients choose one', async () => {
    const dee = await signUp(t, { name: 'Dee Park' });
    const ids: string[] = [];
    for (const rating of [5, 4, 3]) {
      const visit = await completedVisit(dee);
      ids.push((await review(dee, visit, { rating, text: `Rated ${rating}` })).json().review._id);
    }
    for (const id of ids) {
      clockMs += 60_000;
      await moderate(id, 'published');
    }
    const first = await publicPage('?limit=2');
    expect(first.items.map((r) => r._id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await publicPage(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.items[0]!._id).toBe(ids[0]);
    expect((await t.app.inject({ url: '/api/reviews?cursor=nonsense' })).statusCode).toBe(400);

    // A doctor's average: reviews remember the visit's doctor.
    const [doctor] = await t.db.insert(doctors).values({ name: 'Dr Rated', email: 'rated@clinic.test', specialty: '', img: '/x.webp' }).returning();
    await t.db.update(reviews).set({ doctorId: doctor!.id }).where(eq(reviews.id, ids[0]!));
    await t.db.update(reviews).set({ doctorId: doctor!.id }).where(eq(reviews.id, ids[1]!));
    await moderate(ids[1]!, 'published'); // a decision drops the cached ratings
    // The doctor was written behind the schedule's back: tell every instance, as a change does.
    await t.db.execute(sql`SELECT pg_notify('clinic_availability', 'schedule')`);
    await new Promise((r) => setTimeout(r, 100));
    const listed = (await t.app.inject({ url: '/api/doctors/public' })).json<PublicDoctor[]>();
    expect(listed.find((d) => d._id === doctor!.id)?.rating).toEqual({ average: 4.5, count: 2 });
  });

  it('answers a cursor it did not sign with a 400 and keeps no page for it; the page cache stays bounded', async () => {
    const gus = await signUp(t, { name: 'Gus Ray' });
    const visit = await completedVisit(gus);
    const id = (await review(gus, visit, { rating: 5, text: 'Kind.' })).json().review._id as string;
    await moderate(id, 'published');
    const issued = (await publicPage('?limit=1')).nextCursor!;
    expect((await t.app.inject({ url: `/api/reviews?limit=1&cursor=${issued}` })).statusCode).toBe(200);
    const held = t.app.reviews.cachedPageCount();

    // Well-formed positions (a time and a review id) the server never handed out, and a signed
    // cursor with its position changed: each a 400, none cached.
    const invented = Array.from({ length: 300 }, (_, i) =>
      Buffer.from(`${new Date(START - i * 60_000).toISOString()}|${randomUUID()}`).toString('base64url'),
    );
    const [, signature] = issued.split('.');
    invented.push(`${Buffer.from(`${new Date(START).toISOString()}|${id}`).toString('base64url')}.${signature}`, `${issued}x`, `${issued}.extra`);
    for (const cursor of invented) {
      const res = await t.app.inject({ url: `/api/reviews?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().errors).toEqual({ cursor: ['Not a valid cursor'] });
    }
    expect(t.app.reviews.cachedPageCount()).toBe(held);

    // Every page size of the first page, and each issued cursor: a bounded number kept.
    for (let limit = 1; limit <= 50; limit++) await publicPage(`?limit=${limit}`);
    expect(t.app.reviews.cachedPageCount()).toBeLessThanOrEqual(64);
    expect((await publicPage('?limit=1')).items).toHaveLength(1);
  });

  it('shows an author’s photo only when it is a path on this site, never a protocol-relative one', async () => {
    const hal = await signUp(t, { name: 'Hal Bo' });
    const visit = await completedVisit(hal);
    const id = (await review(hal, visit, { rating: 4, text: 'Photo test' })).json().review._id as string;
    await moderate(id, 'published');
    const imgShown = async (image: string) => {
      await t.db.update(users).set({ image }).where(eq(users.email, hal.email));
      t.app.reviews.forget();
      return (await publicPage('?limit=50')).items.find((r) => r._id === id)!.img;
    };
    for (const image of ['//evil.example/x.png', '/\\evil.example/x.png', '/\t/evil.example/x.png', 'https://evil.example/x.png']) {
      expect(await imgShown(image), image).toBeNull();
    }
    expect(await imgShown('/api/image/5f0c1c0e-0000-4000-8000-000000000003')).toBe('/api/image/5f0c1c0e-0000-4000-8000-000000000003');
  });

  it('limits review writes per account', async () => {
    const eve = await signUp(t);
    const visit = await completedVisit(eve);
    const id = (await review(eve, visit, { rating: 4, text: 'One' })).json().review._id as string;
    const answers = [];
    for (let i = 0; i < 10; i++) {
      answers.push((await t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: bearer(eve), payload: { text: `Edit ${i}` } })).statusCode);
    }
    expect(answers.slice(0, 9).every((s) => s === 200)).toBe(true);
    expect(answers[9]).toBe(429);
  });

  it('removes a patient’s reviews with their account', async () => {
    const fay = await signUp(t, { name: 'Fay Moss' });
    const visit = await completedVisit(fay);
    const id = (await review(fay, visit, { rating: 5, text: 'Bye' })).json().review._id as string;
    await moderate(id, 'published');
    const [{ id: userId }] = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, fay.email))) as [{ id: string }];
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(fay), payload: { password: fay.password } });
    expect(gone.statusCode).toBe(202);
    expect(await t.db.select().from(reviews).where(eq(reviews.patientId, userId))).toEqual([]);
    expect((await publicPage()).items.map((r) => r._id)).not.toContain(id);
    // The completed visit stays for the clinic's records, without the person.
    expect((await t.db.select().from(bookings).where(eq(bookings.id, visit)))[0]?.patientId ?? null).toBeNull();
  });
});

describe.skipIf(testDb !== 'postgres')('reviews on two instances', () => {
  // Two instances need one database both reach: PostgreSQL (PGlite is one process's).
  it('refreshes the other instance’s cached public list when a review is published', async () => {
    const storage = await createTestStorage();
    const clock = () => new Date(START);
    const a = await buildTestApp(ADMIN, { storage, now: clock, jobs: { autoStart: false } });
    const b = await buildTestApp(ADMIN, { storage, now: clock, jobs: { autoStart: false } });
    try {
      const admin = await signIn(a, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      const patient = await signUp(a, { name: 'Gil Hart' });
      const [treatment] = await treatmentsOn(a, '2030-06-05');
      const booking = await createBooking(a, patient, { treatmentId: treatment!._id, date: '2030-06-05', slot: '04.30 PM - 05.00 PM' });
      await a.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, booking._id));
      const id = (await a.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/review`, headers: bearer(patient), payload: { rating: 5, text: 'Seen' } })).json().review._id;
      const countOnB = async () => (await b.app.inject({ url: '/api/reviews' })).json<PublicReviewsPage>().count;
      expect(await countOnB()).toBe(0); // cached on B now
      await a.app.inject({ method: 'PATCH', url: `/api/admin/reviews/${id}`, headers: bearer(admin), payload: { status: 'published' } });
      let count = 0;
      for (let i = 0; i < 50 && count === 0; i++) {
        count = await countOnB();
        if (count === 0) await new Promise((r) => setTimeout(r, 50));
      }
      expect(count).toBe(1);
    } finally {
      await a.close();
      await b.close();
      storage.remove();
    }
  });
});

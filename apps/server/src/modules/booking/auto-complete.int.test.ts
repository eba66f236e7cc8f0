/**
 * AUTO_COMPLETE_AFTER_DAYS (design section 5.2): off by default; when set, a minute tick marks
 * confirmed bookings that ended that many days ago as completed, by `system`, in their history.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, jobs } from '../../db/schema.ts';
import { buildTestApp, createBooking, signUp, treatmentsOn, type TestApp } from '../../test/helper.ts';

const START = Date.parse('2030-06-05T10:15:00Z');

describe('AUTO_COMPLETE_AFTER_DAYS', () => {
  let t: TestApp;
  let off: TestApp;
  let clockMs = START;
  beforeAll(async () => {
    t = await buildTestApp({ AUTO_COMPLETE_AFTER_DAYS: '2' }, { now: () => new Date(clockMs), jobs: { autoStart: false } });
    off = await buildTestApp({}, { now: () => new Date(clockMs), jobs: { autoStart: false } });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  it('marks confirmed bookings completed once they ended that many days ago, and only those', async () => {
    const cleaning = (await treatmentsOn(t, '2030-06-06')).find((x) => x.name === 'Teeth Cleaning')!;
    const patient = await signUp(t);
    const older = await createBooking(t, patient, { treatmentId: cleaning._id, date: '2030-06-06', slot: '09.00 AM - 09.30 AM' });
    const newer = await createBooking(t, patient, { treatmentId: cleaning._id, date: '2030-06-07', slot: '09.00 AM - 09.30 AM' });
    clockMs = Date.parse('2030-06-08T10:00:00Z'); // older ended 2 days and 30 minutes ago; newer 1 day ago
    await t.app.jobs.drain();
    const status = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
    expect((await status(older._id)).status).toBe('completed');
    expect((await status(older._id)).statusChangedBy).toBe('system');
    expect((await status(newer._id)).status).toBe('confirmed');
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, older._id));
    expect(events.map((e) => [e.type, e.actorKind, e.data])).toContainEqual(['status', 'system', { from: 'confirmed', to: 'completed', auto: true }]);
  });

  it('is off by default: no such tick runs', async () => {
    await off.app.jobs.drain();
    const ticks = await off.db.select().from(jobs).where(eq(jobs.kind, 'tick.auto-complete'));
    expect(ticks).toEqual([]);
    expect((await off.db.select().from(jobs).where(eq(jobs.kind, 'tick.expire-offers'))).length).toBeGreaterThan(0);
  });
});

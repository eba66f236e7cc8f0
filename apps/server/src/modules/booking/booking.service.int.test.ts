/**
 * Conflicts answered from memory: a request for a slot that a committed booking holds gets its
 * 409 without a transaction, word for word the transaction's answer, until the day changes.
 * The service is built here on the test database with a cache of its own, so the test decides
 * when the day "changes" (the app's NOTIFY listener is not attached to it).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../identity/caller.ts';
import { bookings, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { createRateLimiter } from '../rate-limit/rate-limit.service.ts';
import { createAvailabilityCache } from './availability-cache.ts';
import { createScheduleSnapshot } from '../schedule/schedule-snapshot.ts';
import { createBookingService, type BookingService, type CreateBookingInput } from './booking.service.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-20';

describe('booking conflicts answered from memory', () => {
  let t: TestApp;
  let service: BookingService;
  let cache: ReturnType<typeof createAvailabilityCache>;
  let treatmentId: string;
  let slots: string[];
  const callers: Caller[] = [];

  /** The 409's message and body, or the 201's booking id. */
  async function attempt(caller: Caller, input: Omit<CreateBookingInput, 'phone'>) {
    try {
      return { created: (await service.create(caller, { ...input, phone: '' })).booking._id };
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      return { status: error.status, message: error.message, extra: error.extra };
    }
  }

  const serviceWith = (on: boolean) =>
    createBookingService({
      db: t.db,
      cache,
      schedule: createScheduleSnapshot({ db: t.db, now: () => NOW, timeZone: 'UTC' }),
      mail: {
        bookingConfirmationWrites: () => [],
        queueClinicCancellations: async () => {},
        queuePatientCancellation: async () => {},
        queueRescheduled: async () => {},
        calendarOf: () => '',
        withdrawReminders: async () => {},
        recipientLocale: async () => null,
      },
      refunds: { queueIn: async () => null, summaries: async () => new Map() },
      payments: { closeOpenIntentsIn: async () => {} },
      lifecycle: { cancelNoticeHours: 24, rescheduleNoticeHours: 24, refundOnPatientCancel: 'full', clinicPhone: '' },
      now: () => NOW,
      timeZone: 'UTC',
      windowDays: 90,
      batching: { maxBatch: 100, concurrency: 1 },
      fastPaths: { groupCommit: on, knownHolders: on },
      maxActiveBookings: 10,
      requireEmailVerification: 'none',
      rateLimit: { limiter: createRateLimiter(t.db), max: 30, windowSeconds: 60 },
    });

  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => NOW });
    cache = createAvailabilityCache();
    // This file tests the known-holders fast path itself, whatever FAST_PATHS the run sets.
    service = serviceWith(true);
    const [treatment] = await service.available(DAY);
    treatmentId = treatment!._id;
    slots = treatment!.slots;
    for (const name of ['ann', 'bob', 'cy']) {
      const [user] = await t.db
        .insert(users)
        .values({ id: `memo-${name}`, name, email: `${name}@memo.test` })
        .returning();
      callers.push({ userId: user!.id, email: user!.email, name, role: 'user', sessionId: `s-${name}`, isAdmin: false, emailVerified: false, twoFactorEnabled: false });
    }
  });
  afterAll(() => t.close());

  it("refuses a known holder's slot as the transaction did, and books it once the day changes", async () => {
    const [ann, bob] = callers as [Caller, Caller];
    const slot = slots[3]!;
    const won = await attempt(ann, { treatmentId, date: DAY, slot });
    expect(won).toEqual({ created: expect.any(String) });
    expect(cache.holdersOf(DAY, treatmentId)).toBeUndefined(); // a booking invalidates its day

    const fromTransaction = await attempt(bob, { treatmentId, date: DAY, slot });
    expect(fromTransaction).toMatchObject({
      status: 409,
      message: 'That slot has just been taken; choose another.',
      extra: { success: false, booking: { date: DAY, slot, treatment: expect.any(String) } },
    });
    expect(cache.holdersOf(DAY, treatmentId)?.holders).toEqual([expect.objectContaining({ slot, patientId: ann.userId })]);

    // Taken away behind the service's back (no invalidation): the answer now comes from memory,
    // which still says taken; a transaction would have booked it.
    await t.db.delete(bookings).where(eq(bookings.id, (won as { created: string }).created));
    expect(await attempt(bob, { treatmentId, date: DAY, slot })).toEqual(fromTransaction);

    // The day's next change (what NOTIFY delivers) clears it: the database decides again.
    cache.invalidate(DAY);
    expect(await attempt(bob, { treatmentId, date: DAY, slot })).toEqual({ created: expect.any(String) });
  });

  it("describes the caller's own booking of that day from memory as the transaction did", async () => {
    const cy = callers[2]!;
    const held = slots[6]!;
    expect(await attempt(cy, { treatmentId, date: DAY, slot: held })).toEqual({ created: expect.any(String) });
    const fromTransaction = await attempt(cy, { treatmentId, date: DAY, slot: slots[7]! });
    expect(fromTransaction).toMatchObject({
      status: 409,
      message: expect.stringMatching(new RegExp(`^You already have .+ on ${DAY} at ${held.replace(/\./g, '\\.')}\\.$`)),
      extra: { success: false, booking: { date: DAY, slot: held } },
    });
    expect(cache.holdersOf(DAY, treatmentId)?.holders).toContainEqual(expect.objectContaining({ slot: held, patientId: cy.userId }));
    expect(await attempt(cy, { treatmentId, date: DAY, slot: slots[7]! })).toEqual(fromTransaction);
    expect(await attempt(cy, { treatmentId, date: DAY, slot: slots[8]! })).toEqual(fromTransaction);
  });

  it('asks the database every time with the fast paths off, so a slot freed behind its back is booked', async () => {
    const plain = serviceWith(false);
    const [ann, bob] = callers as [Caller, Caller];
    const slot = slots[10]!;
    const date = '2030-06-21';
    const won = await plain.create(ann, { treatmentId, date, slot, phone: '' });
    await expect(plain.create(bob, { treatmentId, date, slot, phone: '' })).rejects.toMatchObject({ status: 409 });
    // Nothing is remembered: the plain writer keeps no holders.
    expect(cache.holdersOf(date, treatmentId)).toBeUndefined();
    await t.db.delete(bookings).where(eq(bookings.id, won.booking._id));
    expect((await plain.create(bob, { treatmentId, date, slot, phone: '' })).booking.slot).toBe(slot);
  });
});

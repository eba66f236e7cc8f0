/**
 * The owner's reports (practice-loop.md section 8) on a clinic whose right answers are known by
 * construction: rows written straight to the tables with the times a real history has (when a
 * booking was made, cancelled, paid, refunded), in Europe/Berlin across the end of summer time
 * (Sunday 2030-10-27), so days and weeks are the clinic's and money lands on the clinic's day.
 *
 * The three weeks of the range, Monday 2030-10-14 to Sunday 2030-11-03:
 *
 * | # | doctor | day (Berlin)      | min | status    | made via | made before start | other                      |
 * |---|--------|-------------------|-----|-----------|----------|-------------------|----------------------------|
 * | 1 | Ada    | Mon 10-14 10.00   | 30  | completed | online   | 72 h              | confirmed, checked in; paid 60.00 at 00.30 |
 * | 2 | Ada    | Tue 10-15 10.00   | 60  | completed | admin    | 10 h              | the source of a recall     |
 * | 3 | Ada    | Tue 10-22 10.00   | 30  | no-show   | online   | 48 h              |                            |
 * | 4 | Bo     | Mon 10-21 09.00   | 30  | cancelled 12 h before | online | 100 h  | paid 50.00, refunded 50.00 |
 * | 5 | Bo     | Mon 10-28 09.00   | 30  | cancelled 30 h before | recall | 200 h  |                            |
 * | 6 | Ada    | Tue 10-29 10.00   | 30  | cancelled 72 h before | waitlist | 300 h | paid 40.00, 15.00 refunded on the DST day |
 * | 7 | Ada    | Sun 10-27 10.00   | 30  | confirmed | admin    | 1 h               | confirmed by the patient   |
 * | 8 | none   | Thu 10-16 11.00   | 30  | completed | online   | 24 h              | the treatment with no doctor |
 *
 * Outside the range, and so in no figure: a completed visit on 11-04, a cancelled one on 10-13, a
 * payment at 00.30 on 11-04, a pending payment, a failed refund, an offer made on 10-05, a recall
 * due on 11-10.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportsSummary } from '@clinic/shared';
import { doctors, users, workingHours } from '../../db/schema.ts';
import { instantOf } from '../../lib/clinic-time.ts';
import { bearer, buildTestApp, signIn, signUp, type TestApp } from '../../test/helper.ts';

const ZONE = 'Europe/Berlin';
const ADMIN = { ADMIN_EMAIL: 'owner@clinic.test', ADMIN_PASSWORD: 'admin-password', CLINIC_TIMEZONE: ZONE };
const RANGE = 'from=2030-10-14&to=2030-11-03';
const at = (date: string, minutes: number) => instantOf(date, minutes, ZONE);
const hours = (n: number) => n * 3_600_000;
const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: { id: string }[] }).rows) as { id: string }[];

describe('reports', () => {
  let t: TestApp;
  let admin: { token: string };
  let ada: string;
  let bo: string;
  let withDoctor: string;
  let alone: string;
  const ids: Record<number, string> = {};

  const get = (who: { token: string } | null, url: string) =>
    t.app.inject({ url, headers: who ? { ...bearer(who), origin: t.origin } : { origin: t.origin } });
  const summaryOf = async (query: string) => {
    const res = await get(admin, `/api/admin/reports/summary?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReportsSummary>();
  };

  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => new Date('2030-11-20T10:00:00Z') });
    admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const db = t.db;
    // The clinic's hours: Monday to Friday 09.00-17.00; Bo works Monday and Wednesday mornings.
    await db.delete(workingHours);
    [ada, bo] = (await db.insert(doctors).values([{ name: 'Dr Ada Report', email: 'ada@report.test', img: '/a.png' }, { name: 'Dr Bo Report', email: 'bo@report.test', img: '/b.png' }]).returning()).map((d) => d.id) as [string, string];
    // Every other doctor (a fresh install's) leaves the figures alone: only these two work here.
    await db.execute(sql`UPDATE doctors SET active = false WHERE id NOT IN (${ada}, ${bo})`);
    await db.insert(workingHours).values([
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMin: 540, endMin: 1020 })),
      ...[1, 3].map((weekday) => ({ weekday, startMin: 540, endMin: 780, doctorId: bo })),
    ]);
    const rows = await db.execute<{ id: string }>(sql`INSERT INTO treatments (name, price_cents, duration_min, requires_doctor, position)
      VALUES ('Report Filling', 6000, 30, true, 50), ('Report Cleaning', 3000, 30, false, 51) RETURNING id`);
    [withDoctor, alone] = rowsOf(rows).map((r) => r.id) as [string, string];
    await db.execute(sql`INSERT INTO doctor_treatments (doctor_id, treatment_id) VALUES (${ada}, ${withDoctor}), (${bo}, ${withDoctor})`);
    // The clinic closed on Wednesday 10-23; Ada on leave on Wednesday 10-30.
    await db.execute(sql`INSERT INTO schedule_exceptions (doctor_id, date_from, date_to, kind) VALUES (NULL, '2030-10-23', '2030-10-23', 'closed'), (${ada}, '2030-10-30', '2030-10-30', 'closed')`);
    await db.execute(sql`UPDATE clinic_state SET schedule_version = schedule_version + 1`);
    await db.execute(sql`SELECT pg_notify('clinic_availability', 'schedule')`);

    await db.insert(users).values(Array.from({ length: 12 }, (_, i) => ({ id: `rp-${i}`, email: `rp${i}@report.test`, name: `Report Patient ${i}` })));
    const book = async (
      n: number,
      b: { doctor: string | null; date: string; start: number; minutes?: number; status: string; via: string; leadH: number; cancelledBeforeH?: number; confirmed?: boolean; arrived?: boolean },
    ) => {
      const startsAt = at(b.date, b.start);
      const minutes = b.minutes ?? 30;
      const result = await db.execute<{ id: string }>(sql`
        INSERT INTO bookings (treatment_id, treatment_name, date, slot, doctor_id, start_min, end_min, starts_at, ends_at, status,
          cancelled_at, cancelled_by, created_via, patient_id, patient_email, patient_name, price_cents, patient_confirmed_at, arrived_at, created_at)
        VALUES (${b.doctor === null ? alone : withDoctor}, 'Report', ${b.date}, 'slot', ${b.doctor}, ${b.start}, ${b.start + minutes},
          ${startsAt}, ${new Date(startsAt.getTime() + minutes * 60_000)}, ${b.status},
          ${b.cancelledBeforeH === undefined ? null : new Date(startsAt.getTime() - hours(b.cancelledBeforeH))}, ${b.cancelledBeforeH === undefined ? null : 'patient'},
          ${b.via}, ${`rp-${n}`}, ${`rp${n}@report.test`}, 'Report Patient', 6000,
          ${b.confirmed ? new Date(startsAt.getTime() - hours(20)) : null}, ${b.arrived ? new Date(startsAt.getTime() - 600_000) : null},
          ${new Date(startsAt.getTime() - hours(b.leadH))})
        RETURNING id`);
      ids[n] = rowsOf(result)[0]!.id;
    };
    await book(1, { doctor: ada, date: '2030-10-14', start: 600, status: 'completed', via: 'online', leadH: 72, confirmed: true, arrived: true });
    await book(2, { doctor: ada, date: '2030-10-15', start: 600, minutes: 60, status: 'completed', via: 'admin', leadH: 10 });
    await book(3, { doctor: ada, date: '2030-10-22', start: 600, status: 'no_show', via: 'online', leadH: 48 });
    await book(4, { doctor: bo, date: '2030-10-21', start: 540, status: 'cancelled', via: 'online', leadH: 100, cancelledBeforeH: 12 });
    await book(5, { doctor: bo, date: '2030-10-28', start: 540, status: 'cancelled', via: 'recall', leadH: 200, cancelledBeforeH: 30 });
    await book(6, { doctor: ada, date: '2030-10-29', start: 600, status: 'cancelled', via: 'waitlist', leadH: 300, cancelledBeforeH: 72 });
    await book(7, { doctor: ada, date: '2030-10-27', start: 600, status: 'confirmed', via: 'admin', leadH: 1, confirmed: true });
    await book(8, { doctor: null, date: '2030-10-16', start: 660, status: 'completed', via: 'online', leadH: 24 });
    await book(9, { doctor: ada, date: '2030-11-04', start: 600, status: 'completed', via: 'online', leadH: 5 });
    await book(10, { doctor: ada, date: '2030-10-13', start: 600, status: 'cancelled', via: 'online', leadH: 5, cancelledBeforeH: 1 });

    const pay = (n: number, cents: number, when: Date, status = 'succeeded') =>
      db.execute(sql`INSERT INTO payments (booking_id, provider, provider_ref, amount_cents, status, created_at, updated_at)
        VALUES (${ids[n]!}, 'test', ${`pay-${n}-${cents}-${status}`}, ${cents}, ${status}, ${when}, ${when}) RETURNING id`);
    const refund = (n: number, cents: number, when: Date, status = 'succeeded') =>
      db.execute(sql`INSERT INTO refunds (booking_id, provider, provider_ref, amount_cents, status, created_at, updated_at)
        VALUES (${ids[n]!}, 'test', ${`refund-${n}-${cents}-${status}`}, ${cents}, ${status}, ${when}, ${when})`);
    await pay(1, 6000, at('2030-10-14', 30)); // 00.30 in Berlin: still 10-13 in UTC
    await pay(4, 5000, at('2030-10-20', 720));
    await refund(4, 5000, at('2030-10-21', 15));
    await pay(6, 4000, at('2030-10-26', 1410));
    await refund(6, 1500, at('2030-10-27', 1410)); // 23.30 on the day summer time ends
    await pay(9, 6000, at('2030-11-04', 30)); // 00.30 the day after the range: 11-03 in UTC
    await pay(2, 6000, at('2030-10-15', 600), 'pending');
    await refund(1, 6000, at('2030-10-16', 600), 'failed');

    // The waitlist: Ada's time of 10-29 offered twice, claimed by booking 6 an hour after its
    // first offer; Bo's time of 10-30 offered once and never claimed; an offer before the range.
    const entry = async (patient: number, date: string, status: string) => {
      const result = await db.execute<{ id: string }>(sql`INSERT INTO waitlist_entries (patient_id, treatment_id, date_from, date_to, status)
        VALUES (${`rp-${patient}`}, ${withDoctor}, ${date}, ${date}, ${status}) RETURNING id`);
      return rowsOf(result)[0]!.id;
    };
    const offer = (entryId: string, doctor: string, date: string, start: number, status: string, createdAt: Date) =>
      db.execute(sql`INSERT INTO waitlist_offers (entry_id, lane_id, doctor_id, date, start_min, end_min, starts_at, expires_at, status, created_at)
        VALUES (${entryId}, ${doctor}, ${doctor}, ${date}, ${start}, ${start + 30}, ${at(date, start)}, ${new Date(createdAt.getTime() + hours(2))}, ${status}, ${createdAt})`);
    const made6 = new Date(at('2030-10-29', 600).getTime() - hours(300));
    await offer(await entry(3, '2030-10-29', 'expired'), ada, '2030-10-29', 600, 'expired', new Date(made6.getTime() - hours(1)));
    await offer(await entry(6, '2030-10-29', 'booked'), ada, '2030-10-29', 600, 'claimed', new Date(made6.getTime() - hours(0.5)));
    await offer(await entry(4, '2030-10-30', 'expired'), bo, '2030-10-30', 540, 'expired', at('2030-10-20', 600));
    await offer(await entry(5, '2030-10-07', 'expired'), bo, '2030-10-07', 540, 'expired', at('2030-10-05', 600));

    // Recalls due in the range: one booked (from Ada's visit 2), one still due, one dismissed.
    await db.execute(sql`INSERT INTO recalls (patient_id, treatment_id, due_date, status, source_booking_id) VALUES
      ('rp-1', ${withDoctor}, '2030-10-20', 'booked', ${ids[2]!}), ('rp-2', ${withDoctor}, '2030-10-25', 'due', NULL),
      ('rp-3', ${withDoctor}, '2030-11-01', 'dismissed', NULL), ('rp-4', ${withDoctor}, '2030-11-10', 'due', NULL)`);
  });
  afterAll(() => t.close());

  it('computes every figure of the range from the rows, on the clinic\'s days across the end of summer time', async () => {
    const s = await summaryOf(RANGE);
    expect(s).toMatchObject({
      from: '2030-10-14',
      to: '2030-11-03',
      bookings: { confirmed: 1, cancelled: 3, completed: 3, noShow: 1 },
      noShowRate: 0.25,
      cancellations: { lt24h: 1, h24to48: 1, gt48h: 1 },
      // Made 1, 10, 24, 48, 72, 100, 200 and 300 hours ahead: the 4th and the 8th of eight.
      leadTimeDays: { p50: 2, p90: 12.5 },
      createdVia: { online: 4, admin: 2, waitlist: 1, recall: 1 },
      // Of five not cancelled, two confirmed by the patient; of three completed, one checked in.
      confirmationRate: 0.4,
      revenue: { paidCents: 15_000, refundedCents: 6_500, netCents: 8_500 },
      waitlist: { offers: 3, claimed: 1, fillRate: 0.5, medianRefillMinutes: 60 },
      recall: { due: 3, booked: 1 },
    });
    expect(s.checkInRate).toBeCloseTo(1 / 3, 10);
    expect(s.recall.reactivationRate).toBeCloseTo(1 / 3, 10);

    // Open minutes: 14 weekdays of 480 (10-23 closed), less Ada's leave; Bo's five mornings of 240.
    const doctorsById = new Map(s.byDoctor.map((d) => [d.doctorId, d]));
    expect(doctorsById.get(ada)).toEqual({ doctorId: ada, name: 'Dr Ada Report', bookings: 5, bookedMin: 150, openMin: 13 * 480, utilization: 150 / (13 * 480) });
    expect(doctorsById.get(bo)).toEqual({ doctorId: bo, name: 'Dr Bo Report', bookings: 2, bookedMin: 0, openMin: 5 * 240, utilization: 0 });
    expect(s.byDoctor).toHaveLength(2);
    expect(s.byTreatment).toEqual([
      { treatmentId: withDoctor, name: 'Report Filling', confirmed: 1, cancelled: 3, completed: 2, noShow: 1, bookedMin: 150 },
      { treatmentId: alone, name: 'Report Cleaning', confirmed: 0, cancelled: 0, completed: 1, noShow: 0, bookedMin: 30 },
    ]);

    // Every day of the range, money on the clinic's day (00.30 in Berlin is the day it is there).
    expect(s.byDay).toHaveLength(21);
    const day = (date: string) => s.byDay.find((d) => d.date === date);
    expect(day('2030-10-14')).toEqual({ date: '2030-10-14', confirmed: 0, cancelled: 0, completed: 1, noShow: 0, paidCents: 6000, refundedCents: 0, netCents: 6000 });
    expect(day('2030-10-21')).toMatchObject({ cancelled: 1, refundedCents: 5000, netCents: -5000 });
    expect(day('2030-10-27')).toMatchObject({ confirmed: 1, refundedCents: 1500 });
    expect(s.revenue.byDay.find((d) => d.date === '2030-10-26')).toEqual({ date: '2030-10-26', paidCents: 4000, refundedCents: 0, netCents: 4000 });
    // Weeks from Monday; the week summer time ends in is a whole one.
    expect(s.byWeek).toEqual([
      { week: '2030-10-14', confirmed: 0, cancelled: 0, completed: 3, noShow: 0, paidCents: 11_000, refundedCents: 0, netCents: 11_000 },
      { week: '2030-10-21', confirmed: 1, cancelled: 1, completed: 0, noShow: 1, paidCents: 4000, refundedCents: 6500, netCents: -2500 },
      { week: '2030-10-28', confirmed: 0, cancelled: 2, completed: 0, noShow: 0, paidCents: 0, refundedCents: 0, netCents: 0 },
    ]);
  });

  it('narrows every figure to one doctor or one treatment', async () => {
    const onBo = await summaryOf(`${RANGE}&doctorId=${bo}`);
    expect(onBo).toMatchObject({
      bookings: { confirmed: 0, cancelled: 2, completed: 0, noShow: 0 },
      noShowRate: null,
      cancellations: { lt24h: 1, h24to48: 1, gt48h: 0 },
      revenue: { paidCents: 5000, refundedCents: 5000, netCents: 0 },
      waitlist: { offers: 1, claimed: 0, fillRate: 0, medianRefillMinutes: null },
      recall: { due: 0, booked: 0, reactivationRate: null },
      confirmationRate: null,
      checkInRate: null,
    });
    expect(onBo.byDoctor.map((d) => d.doctorId)).toEqual([bo]);

    const cleaning = await summaryOf(`${RANGE}&treatmentId=${alone}`);
    expect(cleaning.bookings).toEqual({ confirmed: 0, cancelled: 0, completed: 1, noShow: 0 });
    expect(cleaning.byTreatment.map((x) => x.treatmentId)).toEqual([alone]);
    // No doctor performs it: nobody's hours to fill.
    expect(cleaning.byDoctor).toEqual([]);
    expect(cleaning.revenue.paidCents).toBe(0);
    expect(cleaning.leadTimeDays).toEqual({ p50: 1, p90: 1 });
  });

  it('answers an empty range with zeros and no rates', async () => {
    const s = await summaryOf('from=2031-01-06&to=2031-01-12');
    expect(s.bookings).toEqual({ confirmed: 0, cancelled: 0, completed: 0, noShow: 0 });
    expect(s).toMatchObject({ noShowRate: null, confirmationRate: null, checkInRate: null, leadTimeDays: { p50: null, p90: null } });
    expect(s.byDay).toHaveLength(7);
    expect(s.byWeek).toHaveLength(1);
  });

  it('gives the figures by day as CSV', async () => {
    const res = await get(admin, `/api/admin/reports/summary.csv?${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="report-2030-10-14-2030-11-03.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('date,confirmed,cancelled,completed,no_show,paid,refunded,net');
    expect(lines).toHaveLength(1 + 21 + 1);
    expect(lines[1]).toBe('2030-10-14,0,0,1,0,60.00,0.00,60.00');
    expect(lines).toContain('2030-10-21,0,1,0,0,0.00,50.00,-50.00');
  });

  it('refuses a bad range with a clear message', async () => {
    for (const [query, message] of [
      ['from=2030-10-14&to=2030-10-01', 'The last day must not be before the first'],
      ['from=2030-01-01&to=2031-01-03', 'Ask for at most 366 days at a time'],
    ] as const) {
      const res = await get(admin, `/api/admin/reports/summary?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toContain(message);
    }
    expect((await get(admin, '/api/admin/reports/summary?from=yesterday&to=2030-10-01')).statusCode).toBe(400);
    expect((await get(admin, `/api/admin/reports/summary?${RANGE}&doctorId=nobody`)).statusCode).toBe(400);
  });

  it('is the owner\'s alone', async () => {
    expect((await get(null, `/api/admin/reports/summary?${RANGE}`)).statusCode).toBe(401);
    const patient = await signUp(t);
    const receptionist = await signUp(t);
    await t.db.update(users).set({ role: 'receptionist' }).where(eq(users.email, receptionist.email));
    for (const who of [patient, receptionist]) {
      expect((await get(who, `/api/admin/reports/summary?${RANGE}`)).statusCode).toBe(403);
      expect((await get(who, `/api/admin/reports/summary.csv?${RANGE}`)).statusCode).toBe(403);
    }
  });
});

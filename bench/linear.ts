/**
 * A clinic that grows pays in proportion: GET /api/available with 4x the doctors, 4x the
 * treatments and 4x the slots a day (and so 4x the bookings per lane) costs at most 5x the time.
 * Every treatment needs a doctor and two doctors perform each, so every slot list is the union of
 * two lanes. Every request asks for a date not yet cached, so each pays the full price: the
 * taken-times query, the schedule rules and the serialization.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { bookings, doctors, doctorTreatments, treatments, workingHours } from '../apps/server/src/db/schema.ts';
import { instantOf } from '../apps/server/src/lib/clinic-time.ts';
import { slotLabel } from '../packages/shared/src/times.ts';

const DAYS = 80;
const today = new Date();
const dateAt = (i: number) => new Date(today.getTime() + (i + 1) * 86_400_000).toISOString().slice(0, 10);

async function measure(scale: 1 | 4) {
  const config = loadConfig({ DATA_DIR: '/tmp/clinic-bench-linear', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01', LOG_LEVEL: 'silent', CLINIC_TIMEZONE: 'UTC' });
  config.database = { kind: 'pglite', dir: 'memory://' };
  const app = await buildApp(config, { logger: false });
  const db = app.database.db;
  const doctorCount = 4 * scale;
  const treatmentCount = 6 * scale;
  // 12 thirty-minute slots a day (06.00 to 12.00), or 48 (the whole day).
  const hours = scale === 1 ? { start: 360, end: 720 } : { start: 0, end: 1440 };
  await db.delete(treatments);
  await db.delete(workingHours);
  await db.insert(workingHours).values(Array.from({ length: 7 }, (_, d) => ({ weekday: d + 1, startMin: hours.start, endMin: hours.end })));
  const doctorRows = await db
    .insert(doctors)
    .values(Array.from({ length: doctorCount }, (_, i) => ({ name: `Dr ${i}`, email: `dr${i}@example.com`, img: '/x.png' })))
    .returning();
  const treatmentRows = await db
    .insert(treatments)
    .values(Array.from({ length: treatmentCount }, (_, i) => ({ name: `Treatment ${i}`, priceCents: 2000, requiresDoctor: true, position: i })))
    .returning();
  // Two doctors per treatment, every doctor in turn.
  await db.insert(doctorTreatments).values(
    treatmentRows.flatMap((t, i) => [0, 1].map((k) => ({ treatmentId: t.id, doctorId: doctorRows[(2 * i + k) % doctorCount]!.id }))),
  );
  // Every instance reads the schedule again.
  await db.execute(sql`UPDATE clinic_state SET schedule_version = schedule_version + 1`);
  await db.execute(sql`SELECT pg_notify('clinic_availability', 'schedule')`);

  // A quarter of every doctor's slots booked on every day measured.
  const slotsPerDay = (hours.end - hours.start) / 30;
  const taken = doctorRows.flatMap((doctor, i) =>
    Array.from({ length: DAYS }, (_, d) =>
      Array.from({ length: slotsPerDay / 4 }, (_, k) => {
        const start = hours.start + k * 4 * 30;
        const t = treatmentRows[Math.floor(i / 2) % treatmentCount]!;
        return {
          treatmentId: t.id, treatmentName: t.name, doctorId: doctor.id, date: dateAt(d),
          slot: slotLabel(start, start + 30), startMin: start, endMin: start + 30,
          startsAt: instantOf(dateAt(d), start, 'UTC'), endsAt: instantOf(dateAt(d), start + 30, 'UTC'),
          patientEmail: `p${k}-${d}-${doctor.id}@example.com`, patientName: 'P', priceCents: 2000,
        };
      }),
    ).flat(),
  );
  for (let i = 0; i < taken.length; i += 1000) await db.insert(bookings).values(taken.slice(i, i + 1000));

  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (let d = 0; d < DAYS; d++) {
      // A fresh app cache per round: drop the date so the request pays the full price again.
      await db.execute(`SELECT pg_notify('clinic_availability', '${dateAt(d)}')` as never);
      await new Promise((r) => setImmediate(r));
      const started = performance.now();
      const res = await app.inject(`/api/available?date=${dateAt(d)}`);
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
      const list = res.json<{ slots: string[] }[]>();
      if (list.length !== treatmentCount || list.every((t) => t.slots.length === 0)) throw new Error('the schedule did not apply');
    }
  }
  await app.close();
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, doctors: doctorCount, treatments: treatmentCount, slots: slotsPerDay, bookings: taken.length };
}

const base = await measure(1);
const scaled = await measure(4);
const ratio = scaled.median / base.median;
console.log('\nGET /api/available, uncached, median of 240 requests (in-process, PGlite):');
const line = (r: typeof base) => `  ${r.doctors} doctors, ${r.treatments} treatments x ${r.slots} slots a day, ${r.bookings} bookings: ${r.median.toFixed(2)} ms`;
console.log(line(base));
console.log(line(scaled));
console.log(`  ratio ${ratio.toFixed(2)} for 4x the doctors, treatments and slots (goal <= 5: ${ratio <= 5 ? 'met' : 'MISSED'})`);

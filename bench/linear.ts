/**
 * A clinic that grows pays in proportion: GET /api/available with 4x the treatments and 4x the
 * slots per treatment (and 4x the bookings) costs at most 5x the time. Every request asks for a
 * date not yet cached, so each pays the full price: the taken-slots query, the slot rules and the
 * serialization.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { bookings, treatments } from '../apps/server/src/db/schema.ts';

const DAYS = 80;
const today = new Date();
const dateAt = (i: number) => new Date(today.getTime() + (i + 1) * 86_400_000).toISOString().slice(0, 10);

function slotLabels(count: number, minutes: number): string[] {
  const label = (m: number) => {
    const h = Math.floor(m / 60);
    const h12 = ((h + 11) % 12) + 1;
    return `${String(h12).padStart(2, '0')}.${String(m % 60).padStart(2, '0')} ${h >= 12 ? 'PM' : 'AM'}`;
  };
  return Array.from({ length: count }, (_, i) => `${label(7 * 60 + i * minutes)} - ${label(7 * 60 + (i + 1) * minutes)}`);
}

async function measure(scale: 1 | 4) {
  const config = loadConfig({ DATA_DIR: '/tmp/clinic-bench-linear', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01', LOG_LEVEL: 'silent', CLINIC_TIMEZONE: 'UTC' });
  config.database = { kind: 'pglite', dir: 'memory://' };
  const app = await buildApp(config, { logger: false });
  const db = app.database.db;
  if (scale === 4) {
    await db.delete(treatments);
    await db.insert(treatments).values(
      Array.from({ length: 24 }, (_, i) => ({ name: `Treatment ${i}`, priceCents: 2000, slots: slotLabels(64, 7), position: i })),
    );
  }
  const rows = await db.select().from(treatments);
  // A quarter of every treatment's slots booked on every day measured.
  const taken = rows.flatMap((t) =>
    Array.from({ length: DAYS }, (_, d) =>
      t.slots.filter((_, s) => s % 4 === 0).map((slot, k) => ({
        treatmentId: t.id, treatmentName: t.name, date: dateAt(d), slot,
        patientEmail: `p${k}-${d}-${t.id}@example.com`, patientName: 'P', priceCents: 2000,
      })),
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
    }
  }
  await app.close();
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, treatments: rows.length, slots: rows[0]!.slots.length, bookings: taken.length };
}

const base = await measure(1);
const scaled = await measure(4);
const ratio = scaled.median / base.median;
console.log('\nGET /api/available, uncached, median of 240 requests (in-process, PGlite):');
console.log(`  ${base.treatments} treatments x ${base.slots} slots, ${base.bookings} bookings: ${base.median.toFixed(2)} ms`);
console.log(`  ${scaled.treatments} treatments x ${scaled.slots} slots, ${scaled.bookings} bookings: ${scaled.median.toFixed(2)} ms`);
console.log(`  ratio ${ratio.toFixed(2)} for 16x the slots (goal <= 5: ${ratio <= 5 ? 'met' : 'MISSED'})`);

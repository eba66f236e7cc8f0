/**
 * A popular slot stays correct and quick: 1,000 simultaneous requests for one slot get exactly
 * one 201 and 999 409s, no 5xx, within 5 s: on PGlite with one instance and on PostgreSQL with
 * two, each run as `npm start` runs it, over HTTP; once on a treatment's own lane (a fresh
 * install) and once on a doctor's lane (a treatment that requires a doctor, who has one).
 * (`npm test` runs the same races as tests.)
 */
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { doctors, doctorTreatments, treatments } from '../apps/server/src/db/schema.ts';
import { insertSignedInPatients } from '../apps/server/src/test/patients.ts';
import { startThrowawayPostgres } from '../apps/server/src/test/throwaway-postgres.ts';
import { startServer, startWarm, type BenchServer } from './server.ts';

const PATIENTS = 1000;
const AUTH_SECRET = 'bench-race-secret-bench-race-secret-01';
const DAY = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

type Patient = { token: string };

/** The fourth treatment requires a doctor, and one doctor performs it: its slots are that doctor's lane. */
async function configureDoctorLane(db: Db) {
  const [treatment] = await db.select().from(treatments).where(eq(treatments.position, 4));
  const [doctor] = await db.insert(doctors).values({ name: 'Dr Lane', email: 'dr-lane@example.com', img: '/x.png' }).returning();
  await db.insert(doctorTreatments).values({ doctorId: doctor!.id, treatmentId: treatment!.id });
  await db.update(treatments).set({ requiresDoctor: true }).where(eq(treatments.id, treatment!.id));
  await db.execute(sql`UPDATE clinic_state SET schedule_version = schedule_version + 1`);
  await db.execute(sql`SELECT pg_notify('clinic_availability', 'schedule')`);
}

/** Every patient asks for the same slot of the `index`th treatment at once, spread over the servers in turn. */
async function race(servers: BenchServer[], patients: Patient[], index = 2) {
  const list = (await (await fetch(`${servers[0]!.base}/api/available?date=${DAY}`)).json()) as { _id: string; slots: string[] }[];
  const target = list[index]!;
  const slot = target.slots[5]!;
  const started = performance.now();
  const statuses = await Promise.all(
    patients.map(async (p, i) => {
      const res = await fetch(`${servers[i % servers.length]!.base}/api/booking`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
        body: JSON.stringify({ treatmentId: target._id, date: DAY, slot }),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const wallMs = performance.now() - started;
  const count = (test: (s: number) => boolean) => statuses.filter(test).length;
  const created = count((s) => s === 201);
  const conflicts = count((s) => s === 409);
  const serverErrors = count((s) => s >= 500);
  const met = created === 1 && conflicts === PATIENTS - 1 && serverErrors === 0 && wallMs <= 5000;
  return `${created} x 201, ${conflicts} x 409, ${serverErrors} x 5xx, other ${PATIENTS - created - conflicts - serverErrors}, in ${Math.round(wallMs)} ms (goal 1 / ${PATIENTS - 1} / 0 within 5000 ms: ${met ? 'met' : 'MISSED'})`;
}

const rows: string[] = [];

// PGlite: the patients go in while no server holds the data directory.
let pglitePatients: Patient[] = [];
const pglite = await startWarm({ AUTH_SECRET }, async (dataDir) => {
  const database = await openDatabase({ kind: 'pglite', dir: `${dataDir}/pglite` });
  pglitePatients = await insertSignedInPatients(database.db, AUTH_SECRET, PATIENTS);
  await configureDoctorLane(database.db);
  await database.close();
});
rows.push(`PGlite, one instance: ${await race([pglite], pglitePatients)}`);
rows.push(`PGlite, one instance, a doctor's lane: ${await race([pglite], pglitePatients, 3)}`);
await pglite.stop();

const postgres = await startThrowawayPostgres();
const url = await postgres.createDatabase('race');
const env = { DATABASE_URL: url, AUTH_SECRET };
const first = await startServer(env);
const second = await startServer(env);
const database = await openDatabase({ kind: 'postgres', url });
const pgPatients = await insertSignedInPatients(database.db, AUTH_SECRET, PATIENTS);
await configureDoctorLane(database.db);
await database.close();
rows.push(`PostgreSQL, two instances: ${await race([first, second], pgPatients)}`);
rows.push(`PostgreSQL, two instances, a doctor's lane: ${await race([first, second], pgPatients, 3)}`);
await Promise.all([first.stop(), second.stop()]);
await postgres.stop();

console.log(`\n${PATIENTS} simultaneous requests for one slot, over HTTP, ${new Date().toISOString()}:`);
for (const row of rows) console.log(`  ${row}`);

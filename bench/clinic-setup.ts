/**
 * A clinic with a real schedule for the benchmarks: 4 doctors, the 6 treatments each performed
 * by two of them (so every slot list is the union of two doctors' lanes), the clinic open
 * 08.00-12.00 and 13.00-17.00 every day, two doctors working Monday to Friday and two Wednesday to
 * Sunday from 09.00. Written straight to the database while no server runs, or announced to the
 * running ones on the availability channel.
 */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { doctors, doctorTreatments, treatments, workingHours } from '../apps/server/src/db/schema.ts';

export async function configureClinic(db: Db): Promise<void> {
  const list = await db.select().from(treatments).orderBy(asc(treatments.position));
  const team = await db
    .insert(doctors)
    .values(Array.from({ length: 4 }, (_, i) => ({ name: `Dr Bench ${i}`, email: `dr-bench-${i}@example.com`, img: '/x.png' })))
    .returning();
  await db.insert(doctorTreatments).values(list.flatMap((t, i) => [i % 4, (i + 1) % 4].map((k) => ({ treatmentId: t.id, doctorId: team[k]!.id }))));
  await db.update(treatments).set({ requiresDoctor: true });
  const week = (days: number[], from: number) =>
    days.flatMap((weekday) => [{ weekday, startMin: from, endMin: 720 }, { weekday, startMin: 780, endMin: 1020 }]);
  await db.insert(workingHours).values([
    ...[0, 2].flatMap((k) => week([1, 2, 3, 4, 5], 480).map((h) => ({ ...h, doctorId: team[k]!.id }))),
    ...[1, 3].flatMap((k) => week([3, 4, 5, 6, 7], 540).map((h) => ({ ...h, doctorId: team[k]!.id }))),
  ]);
  await db.execute(sql`UPDATE clinic_state SET schedule_version = schedule_version + 1`);
  await db.execute(sql`SELECT pg_notify('clinic_availability', 'schedule')`);
}

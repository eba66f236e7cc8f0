/**
 * Recall messages with three instances on one PostgreSQL database (design practice-loop.md
 * section 4, issue 32): every instance ticks every minute and sends what is due, and each
 * message reaches the SMTP server once. PGlite is one process's, so this runs on api-postgres.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalls } from '../../db/schema.ts';
import { buildTestApp, createSignedInPatients, createTestStorage, testDb, treatmentsOn, type TestApp, type TestStorage } from '../../test/helper.ts';
import { startSmtpServer } from '../../test/smtp.ts';

let clockMs = Date.parse('2030-11-22T09:00:00Z');
const now = () => new Date(clockMs);

describe.skipIf(testDb !== 'postgres')('recall with three instances on one PostgreSQL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let storage: TestStorage;
  let instances: TestApp[];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    storage = await createTestStorage();
    const env = { SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'none', REMINDER_QUIET_HOURS: '21:00-07:00' };
    instances = [];
    // One after another: the first migrates, the others find it done.
    for (let i = 0; i < 3; i++) instances.push(await buildTestApp(env, { storage, now, jobs: { autoStart: false } }));
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    storage.remove();
    await smtp.close();
  });

  it('sends each patient’s message once, whichever instances tick', async () => {
    const [a] = instances;
    const cleaning = (await treatmentsOn(a!, '2030-11-25')).find((x) => x.name === 'Teeth Cleaning')!;
    const patients = await createSignedInPatients(a!, 5, 'recalled');
    // Due in 14 days: the first message is due today (RECALL_LEAD_DAYS 14).
    await a!.db.insert(recalls).values(patients.map((p) => ({ patientId: p.id, treatmentId: cleaning._id, dueDate: '2030-12-06' })));

    // Three minutes, each with every instance ticking and sending at once, twice.
    for (let minute = 0; minute < 3; minute++) {
      clockMs += 60_000;
      for (let round = 0; round < 2; round++) await Promise.all(instances.map((t) => t.app.jobs.runOnce()));
    }
    for (let round = 0; round < 3; round++) await Promise.all(instances.map((t) => t.app.jobs.runOnce()));

    for (const p of patients) {
      const received = smtp.received.filter((m) => m.to.includes(p.email));
      expect(received).toHaveLength(1);
      expect(received[0]!.raw).toMatch(/Subject: Time for your Teeth Cleaning/);
      const [row] = await a!.db.select().from(recalls).where(eq(recalls.patientId, p.id));
      expect(row!.attempts).toBe(1);
    }
  });
});

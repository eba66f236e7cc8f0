/**
 * The free-space watermarks through the real app (docs/decisions/027), with the space read by a
 * fake the test sets: below DISK_STOP_MB every write to the API is 503 `disk_full` before anything
 * of it runs, while reads, signing in and out, health and metrics go on, and writes resume once
 * space is back; a scheduled backup that would cross the stop watermark is not started. On
 * PostgreSQL the watermarks are off.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@clinic/shared';
import { MB } from '../modules/disk/disk-rules.ts';
import type { FreeSpaceReader } from '../modules/disk/disk-watch.ts';
import { bearer, buildTestApp, createTestStorage, signIn, signUp, testDb, treatmentsOn, type TestApp, type TestStorage } from '../test/helper.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-07';
const HOUR = 3_600_000;

let t: TestApp | undefined;
let storage: TestStorage | undefined;
afterEach(async () => {
  await t?.close();
  storage?.remove();
  t = undefined;
  storage = undefined;
});

/** A disk whose free megabytes the test sets; DATA_DIR and BACKUP_DIR on it. */
function fakeDisk(freeMb: number) {
  const disk = { freeMb, reads: 0 };
  const read: FreeSpaceReader = async () => {
    disk.reads++;
    return { freeBytes: disk.freeMb * MB, device: 1 };
  };
  return Object.assign(disk, { read });
}

/** The routes' params, filled with values that name nothing. */
const filled = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'sign-up/email');

describe('the stop watermark', () => {
  if (testDb === 'postgres') {
    it('is off on PostgreSQL: no reading, no disk on /api/health, writes go on', async () => {
      const disk = fakeDisk(0);
      t = await buildTestApp({}, { now: () => NOW, disk: { read: disk.read }, jobs: { autoStart: false } });
      expect(t.app.diskWatch).toBeNull();
      expect(disk.reads).toBe(0);
      expect((await t.app.inject('/api/health')).json()).not.toHaveProperty('disk');
      const patient = await signUp(t);
      expect((await t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(patient), payload: { phone: '555 0100' } })).statusCode).toBe(200);
    });
    return;
  }

  it('warns when low, refuses every write with 503 disk_full when full while reads go on, and resumes once space is back', async () => {
    const disk = fakeDisk(500);
    t = await buildTestApp(
      { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password', DISK_WARN_MB: '141', DISK_STOP_MB: '48' },
      { now: () => NOW, disk: { read: disk.read, intervalMs: 3_600_000 }, jobs: { autoStart: false } },
    );
    const app = t.app;
    const watch = app.diskWatch!;
    const patient = await signUp(t);
    const admin = await signIn(t, 'boss@clinic.test', 'admin-password');
    // One booking of a treatment per patient and day: each booking its own treatment.
    const treatments = await treatmentsOn(t, DAY);
    let next = 0;
    const book = () => {
      const treatment = treatments[next++]!;
      return app.inject({ method: 'POST', url: '/api/booking', headers: bearer(patient), payload: { treatmentId: treatment._id, date: DAY, slot: treatment.slots[0] } });
    };
    const health = async () => (await app.inject('/api/health')).json<{ status: string; disk: { state: string; freeMb: number } }>();
    const background = async () => (await app.inject({ url: '/api/admin/background', headers: bearer(admin) })).json<{ disk: unknown }>();

    expect(await health()).toMatchObject({ status: 'ok', disk: { state: 'ok', freeMb: 500, warnMb: 141, stopMb: 48, backup: null, checkedAt: NOW.toISOString() } });
    expect((await book()).statusCode).toBe(201);

    // Below the warning: said everywhere, nothing refused.
    disk.freeMb = 100;
    await watch.check();
    expect((await health()).disk).toMatchObject({ state: 'low', freeMb: 100 });
    expect((await background()).disk).toMatchObject({ state: 'low', freeMb: 100 });
    expect((await book()).statusCode).toBe(201);

    // Below the stop watermark: every write of the API refused before it runs, whoever asks.
    disk.freeMb = 47.5;
    await watch.check();
    const refused = await book();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toMatchObject({ status: 503, code: ErrorCode.DISK_FULL, detail: expect.stringMatching(/out of disk space/) });
    const servedOnFullDisk = new Set(['PUT /api/user/:email']);
    const writes = app.routeTable.filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method) && route.url.startsWith('/api/'));
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      if (servedOnFullDisk.has(`${route.method} ${route.url}`)) continue;
      const res = await app.inject({ method: route.method as 'POST', url: filled(route.url), headers: bearer(patient), payload: {} });
      expect([`${route.method} ${route.url}`, res.statusCode, res.json().code]).toEqual([`${route.method} ${route.url}`, 503, ErrorCode.DISK_FULL]);
    }
    // Reads, health, metrics and the admins' page go on, and say why.
    expect((await app.inject(`/api/available?date=${DAY}`)).statusCode).toBe(200);
    const mine = await app.inject({ url: `/api/booking?patient=${encodeURIComponent(patient.email)}`, headers: bearer(patient) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(2);
    expect(await health()).toMatchObject({ status: 'ok', disk: { state: 'full', freeMb: 47.5 } });
    expect((await background()).disk).toMatchObject({ state: 'full' });
    const metrics = await app.metrics.render();
    expect(metrics).toContain('clinic_disk_state{dir="data",state="full"} 1');
    expect(metrics).toContain('clinic_disk_state{dir="data",state="ok"} 0');
    expect(metrics).toContain(`clinic_disk_free_bytes{dir="data"} ${47.5 * MB}`);
    // Signing in and out keep working (an admin must be able to look); signing up waits.
    const again = await signIn(t, patient.email, patient.password);
    expect((await app.inject({ url: '/api/me', headers: bearer(again) })).json()).toMatchObject({ user: { email: patient.email } });
    expect((await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: again.cookie, origin: t.origin } })).statusCode).toBe(200);
    await expect(signUp(t)).rejects.toThrow(/sign-up failed: 503 .*disk_full/);

    // Space again: writes resume at the next reading, no restart.
    disk.freeMb = 300;
    await watch.check();
    expect((await book()).statusCode).toBe(201);
    expect((await health()).disk.state).toBe('ok');
  });

  it('leaves a scheduled backup unstarted while it would cross the stop watermark, and takes it once there is room', async () => {
    storage = await createTestStorage();
    const disk = fakeDisk(60);
    let now = new Date('2030-06-05T10:00:30Z');
    t = await buildTestApp(
      { BACKUP_INTERVAL_HOURS: '1', DISK_WARN_MB: '141', DISK_STOP_MB: '48' },
      { storage, now: () => now, disk: { read: disk.read, intervalMs: 3_600_000 }, jobs: { autoStart: false } },
    );
    const dir = path.join(storage.dataDir, 'backups');
    const archives = () => {
      try {
        return readdirSync(dir).filter((name) => name.endsWith('.tar.gz'));
      } catch {
        return [];
      }
    };
    // With none yet the estimate is the database's own files (over 12 MB): 60 MB free would end below 48.
    now = new Date(now.getTime() + HOUR);
    await t.app.jobs.drain();
    expect(archives()).toEqual([]);
    disk.freeMb = 500;
    now = new Date(now.getTime() + 60_000);
    await t.app.jobs.drain();
    expect(archives()).toHaveLength(1);
  });
});

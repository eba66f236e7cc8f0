/**
 * The embedded database on a full disk (issue 19), on a small tmpfs: writes fail with a clear
 * 503 (never a 500) while reads and health keep working, and the server recovers when space is
 * freed; or, when PGlite is caught in a WAL flush it never returns from, the watchdog ends the
 * process with a log line, and a restart finds every acknowledged booking. Mounting needs root
 * (or CAP_SYS_ADMIN); where it is refused the suite says so and is skipped, never silently.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOverHttp, startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { freePort } from '../test/throwaway-postgres.ts';
import { fillDisk, mountTmpfs } from '../test/tmpfs.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const mounted = mountTmpfs('clinic-full-disk-', 160);
if ('reason' in mounted) {
  // Said once, in the run's output: the suite below is skipped, and why.
  console.warn(`full-disk test skipped: cannot mount a tmpfs here (${mounted.reason})`);
}

describe.skipIf('reason' in mounted)('the embedded database on a full disk', () => {
  const mount = mounted as { dir: string; unmount(): void };
  const dataDir = () => path.join(mount.dir, 'data');
  const filler = () => path.join(mount.dir, 'filler');
  let server: ServerProcess;
  let base: string;
  let port: number;
  const env = { WATCHDOG_SECONDS: '5', BOOKING_RATE_LIMIT_PER_MINUTE: '1000', MAX_ACTIVE_BOOKINGS: '1000' };

  beforeAll(async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = startServerProcess(dataDir(), port, { ...env, PUBLIC_URL: base });
    await server.ready;
  }, 120_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    mount.unmount();
  });



  it('answers writes 503 (never 500) and keeps reading, or exits by its watchdog; nothing acknowledged is lost', async () => {
    const token = await signUpOverHttp(base, 'full@example.com');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const treatments = (await (await fetch(`${base}/api/available?date=${day(1)}`)).json()) as { _id: string; slots: string[] }[];
    let i = 0;
    const book = () => {
      const n = i++;
      const treatment = treatments[n % treatments.length]!;
      return fetch(`${base}/api/booking`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ treatmentId: treatment._id, date: day(2 + (Math.floor(n / treatments.length) % 80)), slot: treatment.slots[0] }),
      }).catch(() => null);
    };
    const acknowledged: string[] = [];
    const statuses: number[] = [];
    const record = async (res: Response | null) => {
      if (!res) return;
      statuses.push(res.status);
      if (res.status === 201) acknowledged.push(((await res.json()) as { booking: { _id: string } }).booking._id);
      else await res.body?.cancel();
    };
    for (let k = 0; k < 5; k++) await record(await book());
    expect(acknowledged).toHaveLength(5);

    fillDisk(filler());
    let exited = false;
    void server.exited.then(() => (exited = true));
    const deadline = Date.now() + 12_000;
    let reads = 0;
    while (Date.now() < deadline && !exited) {
      await record(await book());
      const read = await fetch(`${base}/api/available?date=${day(3)}`).catch(() => null);
      if (read?.status === 200) reads++;
      await read?.body?.cancel();
      await sleep(100);
    }
    // Only the clear answers: booked, refused, or 503; never a 500.
    expect(statuses.filter((s) => ![201, 409, 503].includes(s))).toEqual([]);

    rmSync(filler());
    if (exited) {
      // PGlite stuck in its WAL flush: the watchdog said why and ended the process.
      expect(server.output()).toMatch(/the main thread has not turned for \d+ s/);
      server = startServerProcess(dataDir(), port, { ...env, PUBLIC_URL: base });
      await server.ready;
    } else {
      expect(reads).toBeGreaterThan(0);
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    }
    // Space again: bookings go through, and every acknowledged one is there.
    let ok = 0;
    for (let k = 0; k < 50 && ok === 0; k++) {
      const res = await book();
      if (res?.status === 201) ok++;
      await record(res);
      if (ok === 0) await sleep(200);
    }
    expect(ok).toBe(1);
    const mine = (await (
      await fetch(`${base}/api/booking?patient=${encodeURIComponent('full@example.com')}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { _id: string }[];
    const ids = new Set(mine.map((b) => b._id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    console.info(`full disk: ${statuses.filter((s) => s === 503).length} answers 503, ${reads} reads served, ${exited ? 'watchdog exit and restart' : 'recovered in place'}`);
  }, 120_000);
});

/**
 * `npm run backup` and `npm run restore` as an operator runs them (the commands themselves, in
 * processes of their own), on the embedded database: a backup asked of a running server while
 * patients book, restored into an empty DATA_DIR and the app started on it; the restore's
 * refusals; a backup with no server running.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { insertSignedInPatients } from '../../test/patients.ts';
import { backupCommand, restoreCommand } from './backup-commands.ts';

const CLI = path.resolve(import.meta.dirname, '../../cli');
const PATIENTS = 6;

interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCommand(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(CLI, `${name}.ts`), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The same commands in this process (no new process to start): for what needs no other process. */
async function inProcess(command: (print: { log(line: string): void; error(line: string): void }) => Promise<number>): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  const code = await command({ log: (line) => (stdout += `${line}\n`), error: (line) => (stderr += `${line}\n`) });
  return { code, stdout, stderr };
}

/** Entries under `root` (itself included) that users other than the owner can reach. */
function openToOthers(root: string): string[] {
  const open: string[] = [];
  const check = (target: string) => {
    if (lstatSync(target).mode & 0o077) open.push(path.relative(root, target) || '.');
  };
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const target = path.join(folder, entry.name);
      if (entry.isSymbolicLink()) continue;
      check(target);
      if (entry.isDirectory()) walk(target);
    }
  };
  check(root);
  walk(root);
  return open;
}

const rowsOf = async <T,>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('npm run backup and npm run restore (embedded database)', () => {
  let root: string;
  let dataDir: string;
  let env: Record<string, string>;
  let app: FastifyInstance | undefined;
  let patients: Awaited<ReturnType<typeof insertSignedInPatients>>;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'clinic-backup-'));
    dataDir = path.join(root, 'data');
    env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      CLINIC_TIMEZONE: 'UTC',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(root, 'no-web'),
      BACKUP_INTERVAL_HOURS: '0',
      // Each patient books many times a second here.
      MAX_ACTIVE_BOOKINGS: '1000',
      BOOKING_RATE_LIMIT_PER_MINUTE: '100000',
      BOOKING_WINDOW_DAYS: '730',
    };
    // No AUTH_SECRET: the server generates one into DATA_DIR, and the archive must carry it.
    const config = loadConfig(env);
    app = await buildApp(config, { logger: false, jobs: { autoStart: false } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    patients = await insertSignedInPatients(app.database.db, config.authSecret, PATIENTS, 'backup');
  });

  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('backs up a running server under booking load; the restore holds every booking acknowledged before, none half-written, and starts', async () => {
    const running = app!;
    const list = (await running.inject({ url: `/api/available?date=${day(1)}` })).json<{ _id: string; slots: string[] }[]>();
    const treatments = list.map((t) => t._id);
    const slots = list[0]!.slots;

    // Each patient books its own slot of every treatment, day after day: no request conflicts.
    const booked: { id: string; sentAt: number; ackAt: number; patient: number }[] = [];
    const failures: string[] = [];
    let isLoading = true;
    const book = async (patient: number) => {
      for (let i = 0; isLoading; i++) {
        const sentAt = performance.now();
        const res = await running.inject({
          method: 'POST',
          url: '/api/booking',
          headers: { authorization: `Bearer ${patients[patient]!.token}` },
          payload: { treatmentId: treatments[i % treatments.length], date: day(1 + Math.floor(i / treatments.length)), slot: slots[patient] },
        });
        if (res.statusCode !== 201) failures.push(`${res.statusCode} ${res.body}`);
        else booked.push({ id: res.json<{ booking: { _id: string } }>().booking._id, sentAt, ackAt: performance.now(), patient });
      }
    };
    const load = Promise.all(patients.map((_, p) => book(p)));
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const backupStartedAt = performance.now();
    const backup = await runCommand('backup', [], { DATA_DIR: dataDir });
    const backupEndedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    isLoading = false;
    await load;

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/taken by the running server/);
    expect(failures).toEqual([]);
    const acknowledgedBefore = booked.filter((b) => b.ackAt < backupStartedAt);
    const askedAfter = booked.filter((b) => b.sentAt > backupEndedAt);
    // The backup ran while bookings went on, on both sides of it.
    expect(acknowledgedBefore.length).toBeGreaterThan(10);
    expect(booked.filter((b) => b.ackAt > backupStartedAt && b.sentAt < backupEndedAt).length).toBeGreaterThan(0);
    expect(askedAfter.length).toBeGreaterThan(0);

    const archive = /Backup written: (\S+)/.exec(backup.stdout)![1]!;
    const backupDir = path.join(dataDir, 'backups');
    expect(path.dirname(archive)).toBe(backupDir);
    expect(path.basename(archive)).toMatch(/^portal-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(readdirSync(backupDir).sort()).toEqual([path.basename(archive), `${path.basename(archive)}.sha256`]);
    expect(openToOthers(backupDir)).toEqual([]);

    // While the server runs, restore refuses its DATA_DIR; anywhere, it refuses a damaged archive
    // or one without its checksum, and leaves the target without a database; and it never
    // writes over a DATA_DIR that holds a database.
    const corrupted = path.join(root, 'corrupted.tar.gz');
    const bytes = readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(corrupted, bytes);
    copyFileSync(`${archive}.sha256`, `${corrupted}.sha256`);
    const unchecked = path.join(root, 'unchecked.tar.gz');
    copyFileSync(archive, unchecked);
    const occupied = path.join(root, 'occupied');
    mkdirSync(path.join(occupied, 'pglite'), { recursive: true });
    writeFileSync(path.join(occupied, 'pglite', 'PG_VERSION'), '18\n');
    // Only another process can tell this one's lock as a live server's.
    const [intoLive, fromCorrupted, withoutChecksum, intoOccupied] = await Promise.all([
      runCommand('restore', [archive], { DATA_DIR: dataDir }),
      inProcess((print) => restoreCommand(corrupted, { DATA_DIR: path.join(root, 'from-corrupted') }, print)),
      inProcess((print) => restoreCommand(unchecked, { DATA_DIR: path.join(root, 'from-unchecked') }, print)),
      inProcess((print) => restoreCommand(archive, { DATA_DIR: occupied }, print)),
    ]);
    expect(intoLive.code).toBe(1);
    expect(intoLive.stderr).toMatch(/Another server \(pid \d+\) is already using DATA_DIR/);
    expect(intoLive.stderr).toMatch(/Nothing was restored/);
    expect(fromCorrupted.code).toBe(1);
    expect(fromCorrupted.stderr).toMatch(/corrupted\.tar\.gz is corrupted: its SHA-256 is [0-9a-f]{64}, but corrupted\.tar\.gz\.sha256 says [0-9a-f]{64}/);
    expect(withoutChecksum.code).toBe(1);
    expect(withoutChecksum.stderr).toMatch(/unchecked\.tar\.gz\.sha256 is missing/);
    expect(existsSync(path.join(root, 'from-corrupted', 'pglite'))).toBe(false);
    expect(existsSync(path.join(root, 'from-unchecked', 'pglite'))).toBe(false);
    expect(intoOccupied.code).toBe(1);
    expect(intoOccupied.stderr).toMatch(/already holds a database/);
    expect(readdirSync(path.join(occupied, 'pglite'))).toEqual(['PG_VERSION']);

    await running.close();
    app = undefined;

    // Restore into an empty DATA_DIR; meanwhile, with no server running, a backup opens the database itself.
    const restoredDir = path.join(root, 'restored');
    const [restore, offline] = await Promise.all([
      runCommand('restore', [archive], { DATA_DIR: restoredDir }),
      inProcess((print) => backupCommand({ DATA_DIR: dataDir }, print)),
    ]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Start the server on it with npm start/);
    expect(offline.code).toBe(0);
    expect(offline.stdout).toMatch(/Backup written: /);
    expect(offline.stdout).not.toMatch(/running server/);
    expect(openToOthers(restoredDir)).toEqual([]);
    expect(readFileSync(path.join(restoredDir, 'auth-secret'), 'utf8')).toBe(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8'));

    // The app starts on the restored directory, as npm start would.
    const restored = await buildApp(loadConfig({ ...env, DATA_DIR: restoredDir }), { logger: false, jobs: { autoStart: false } });
    try {
      const db = restored.database.db;
      const ids = new Set((await rowsOf<{ id: string }>(db, sql`SELECT id FROM bookings`)).map((row) => row.id));
      expect(acknowledgedBefore.filter((b) => !ids.has(b.id))).toEqual([]);
      expect(askedAfter.filter((b) => ids.has(b.id))).toEqual([]);
      // Every booking restored was acknowledged, and whole: its event and its confirmation mail
      // were written in its transaction.
      const bookedIds = new Set(booked.map((b) => b.id));
      expect([...ids].filter((id) => !bookedIds.has(id))).toEqual([]);
      const partial = await rowsOf<{ id: string }>(db, sql`
        SELECT b.id FROM bookings b
        WHERE (SELECT count(*) FROM booking_events e WHERE e.booking_id = b.id AND e.type = 'created') <> 1
           OR NOT EXISTS (SELECT 1 FROM outbox o WHERE o.to_address = b.patient_email AND o.subject LIKE 'Appointment is set%')`);
      expect(partial).toEqual([]);
      expect(restore.stdout).toMatch(new RegExp(`: ${ids.size} bookings\\.`));

      // The patients' sessions came back with the secret that signs them.
      const first = acknowledgedBefore[0]!;
      const res = await restored.inject({ url: `/api/booking/${first.id}`, headers: { authorization: `Bearer ${patients[first.patient]!.token}` } });
      expect(res.statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  });
});

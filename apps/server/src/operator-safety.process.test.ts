/**
 * What an operator sees when starting the real server: a private DATA_DIR, a warning while
 * payments are in test mode, and one clear message (no stack trace) when ADMIN_EMAIL names a
 * patient's account.
 */
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './test/server-process.ts';
import { freePort } from './test/throwaway-postgres.ts';

const servers: ServerProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const { child } of servers.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDataDir() {
  // A folder inside a fresh temporary one: the server creates DATA_DIR itself.
  const parent = mkdtempSync(path.join(tmpdir(), 'clinic-ops-'));
  dirs.push(parent);
  return path.join(parent, 'data');
}

async function start(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const server = startServerProcess(dataDir, port, env);
  servers.push(server);
  return { ...server, url: (p: string) => `http://127.0.0.1:${port}${p}`, origin: `http://127.0.0.1:${port}` };
}

/** Entries under `root` (itself included) that users other than the owner can reach. */
function openToOthers(root: string): string[] {
  const open: string[] = [];
  const check = (target: string) => {
    const mode = lstatSync(target).mode & 0o777;
    if (mode & 0o077) open.push(`${path.relative(root, target) || '.'} ${mode.toString(8)}`);
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

describe('starting the server', () => {
  it('keeps DATA_DIR private on a fresh install, files written while running included', async () => {
    const dataDir = newDataDir();
    const server = await start(dataDir);
    await server.ready;
    const signUp = await fetch(server.url('/api/auth/sign-up/email'), {
      method: 'POST',
      headers: { origin: server.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Private Pat', email: 'pat@example.com', password: 'secret123' }),
    });
    expect(signUp.status).toBe(200);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(['auth-secret', 'pglite', 'server.pid']));
  });

  it('warns in one line that payments are in test mode, and health says so', async () => {
    const server = await start(newDataDir());
    await server.ready;
    const warning = server
      .output()
      .split('\n')
      .filter((line) => line.includes('TEST MODE'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; payments: string });
    expect(warning).toHaveLength(1);
    expect(warning[0]).toMatchObject({ level: 40, payments: 'test' });
    expect(warning[0]!.msg).toMatch(/no money is taken\. Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/);
    expect(await (await fetch(server.url('/api/health'))).json()).toMatchObject({ payments: 'test' });
  });

  it('stops with one clear message, no stack trace, when ADMIN_EMAIL names a patient', async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    await first.ready;
    const signUp = await fetch(first.url('/api/auth/sign-up/email'), {
      method: 'POST',
      headers: { origin: first.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Not The Boss', email: 'boss@example.com', password: 'attacker-password' }),
    });
    expect(signUp.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const refused = await start(dataDir, { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'operator-secret-1' });
    expect(await refused.exited).toBe(1);
    const output = refused.output();
    expect(output).toMatch(/ADMIN_EMAIL boss@example\.com belongs to an account that is not an admin, so it was not promoted/);
    expect(output).not.toMatch(/^\s+at /m);

    // The refusal released DATA_DIR: the next start works.
    const again = await start(dataDir);
    await again.ready;
  });
});

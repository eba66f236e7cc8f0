/**
 * The real server process, as `npm start` runs it: the DATA_DIR lock and durability across
 * kill -9 of the embedded database.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess } from './test/server-process.ts';
import { freePort } from './test/throwaway-postgres.ts';
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function startServer(dataDir: string, port: number) {
  const server = startServerProcess(dataDir, port);
  children.push(server.child);
  return server;
}

const url = (port: number, p: string) => `http://127.0.0.1:${port}${p}`;
const origin = (port: number) => ({ origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json' });

describe('the server process on the embedded database', () => {
  it('refuses to start a second process on the same DATA_DIR, saying why', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-proc-'));
    dirs.push(dataDir);
    const first = startServer(dataDir, await freePort());
    await first.ready;
    const second = startServer(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Another server \(pid \d+\) is already using DATA_DIR/);
    // The first one is unharmed.
    expect(first.child.exitCode).toBeNull();
  });

  it('keeps a write acknowledged before kill -9, and starts again on the same directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-proc-'));
    dirs.push(dataDir);
    const port = await freePort();
    const first = startServer(dataDir, port);
    await first.ready;
    const signUp = await fetch(url(port, '/api/auth/sign-up/email'), {
      method: 'POST',
      headers: origin(port),
      body: JSON.stringify({ name: 'Durable Dora', email: 'dora@example.com', password: 'secret123' }),
    });
    expect(signUp.status).toBe(200);
    const contact = await fetch(url(port, '/api/contact'), {
      method: 'POST',
      headers: origin(port),
      body: JSON.stringify({ email: 'dora@example.com', subject: 'Hi', message: 'Saved?' }),
    });
    expect(contact.status).toBe(201);

    first.child.kill('SIGKILL');
    await first.exited;

    const second = startServer(dataDir, port);
    await second.ready;
    const signIn = await fetch(url(port, '/api/auth/sign-in/email'), {
      method: 'POST',
      headers: origin(port),
      body: JSON.stringify({ email: 'dora@example.com', password: 'secret123' }),
    });
    expect(signIn.status).toBe(200);
    expect((await signIn.json()) as { user: { name: string } }).toMatchObject({ user: { name: 'Durable Dora' } });
  });

  it('shuts down gracefully on SIGTERM and releases the lock', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-proc-'));
    dirs.push(dataDir);
    const first = startServer(dataDir, await freePort());
    await first.ready;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = startServer(dataDir, await freePort());
    await second.ready;
  });
});

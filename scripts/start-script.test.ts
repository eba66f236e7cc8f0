/**
 * `npm start` runs its command through `sh -c`: without `exec`, a `kill` of the npm process
 * reaches npm and the shell but not the server, which keeps running (issue 31). Checked both ways:
 * the script's server command is exec'd, and a script of that shape (with and without `exec`)
 * really does, or does not, leave its node process behind.
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (marker: string) => {
  try {
    return execFileSync('pgrep', ['-f', marker]).toString().trim().length > 0;
  } catch {
    return false;
  }
};

/** Starts `npm start` with `script`, kills npm, and answers whether its node process is still running. */
async function leftBehind(script: string, marker: string): Promise<boolean> {
  const dir = mkdtempSync(path.join(tmpdir(), 'start-script-'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', private: true, scripts: { start: script } }));
  const npm = spawn('npm', ['start'], { cwd: dir, stdio: 'ignore' });
  try {
    for (let i = 0; i < 100 && !alive(marker); i++) await sleep(100);
    expect(alive(marker)).toBe(true);
    npm.kill('SIGTERM');
    await sleep(1500);
    return alive(marker);
  } finally {
    try {
      execFileSync('pkill', ['-f', marker]);
    } catch {
      // nothing left to kill
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('npm start', () => {
  it('execs the server, so a signal to npm reaches it', () => {
    expect(pkg.scripts.start).toMatch(/&& exec node [^&]*apps\/server\/dist\/server\.mjs$/);
  });

  it('leaves no server behind with exec, and does without it (the bug this guards)', { timeout: 30_000 }, async () => {
    const marker = `start-script-probe-${process.pid}`;
    const keepAlive = `node -e 'setInterval(() => {}, 1000)' ${marker}`;
    expect(await leftBehind(`true && exec ${keepAlive}`, marker)).toBe(false);
    expect(await leftBehind(`true && ${keepAlive}`, marker)).toBe(true);
  });
});

/** The V8 flags `sh` gives the server for the start script with this environment. */
function nodeFlags(env: Record<string, string>): string[] {
  const args = /&& exec node (.+) apps\/server\/dist\/server\.mjs$/.exec(pkg.scripts.start!)![1]!;
  const out = execFileSync('/bin/sh', ['-c', `printf '%s\\n' ${args}`], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } }).toString();
  return out.split('\n').filter(Boolean);
}

describe("npm start's young generation", () => {
  // The last of a repeated V8 flag is the one V8 keeps.
  const semiSpace = (flags: string[]) => flags.filter((flag) => flag.startsWith('--max-semi-space-size=')).at(-1);

  it('is small on PGlite, whose process holds the database too (the memory goal)', () => {
    expect(semiSpace(nodeFlags({}))).toBe('--max-semi-space-size=2');
    expect(semiSpace(nodeFlags({ DATABASE_URL: '' }))).toBe('--max-semi-space-size=2');
  });

  it("is V8's own on PostgreSQL, where the collections it saves are a fifth of a booking's CPU", () => {
    expect(semiSpace(nodeFlags({ DATABASE_URL: 'postgres://clinic@db/clinic' }))).toBe('--max-semi-space-size=16');
    expect(nodeFlags({ DATABASE_URL: 'postgres://clinic@db/clinic' })).toContain('--heap-growing-percent=20');
  });
});

/**
 * The watchdog ends a process whose main thread is stuck (as PGlite's WAL flush on a full disk
 * left it), with a log line, and leaves a turning one alone.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WATCHDOG = path.resolve(import.meta.dirname, 'watchdog.ts');

function run(script: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.resolve(import.meta.dirname, '../../../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const started = Date.now();
  return new Promise<{ signal: NodeJS.Signals | null; code: number | null; output: string; ms: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, output, ms: Date.now() - started })),
  );
}

describe('the watchdog', () => {
  it('kills a process whose main thread has not turned for its seconds, saying why', async () => {
    const result = await run(
      `import { startWatchdog } from ${JSON.stringify(WATCHDOG)};
       startWatchdog(2);
       setTimeout(() => { for (;;) {} }, 200); // stuck, as in a WAL flush that never returns`,
    );
    expect(result.signal).toBe('SIGKILL');
    expect(result.output).toMatch(/"level":60.*the main thread has not turned for \d+ s .*full disk/);
  }, 30_000);

  it('leaves a process alone while its main thread turns', async () => {
    const result = await run(
      `import { startWatchdog } from ${JSON.stringify(WATCHDOG)};
       const dog = startWatchdog(2);
       setTimeout(async () => { await dog.stop(); console.log('done'); }, 4000);`,
    );
    expect(result.signal).toBeNull();
    expect(result.code).toBe(0);
    expect(result.output).toContain('done');
  }, 30_000);
});

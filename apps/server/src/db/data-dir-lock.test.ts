/**
 * The DATA_DIR lock against what fooled a pid-only check: zombies, reused pids and copied
 * directories, with real processes (Linux /proc).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError, directoryId, formatLockFile, lockDataDir, lockState, parseLockFile, processInfo } from './data-dir-lock.ts';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'clinic-lock-'));
  dirs.push(dir);
  return dir;
}

/** A live process that is not this one (the holder a test names). */
async function liveProcess(): Promise<number> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

/**
 * A zombie: a short `sleep` in the background of a shell that then becomes `sleep 60`, which
 * never reaps it. The child outlives the `exec` (a `sleep 0` could end first and be reaped by
 * the shell, and then never show as a zombie). Resolves with the zombie's pid once /proc shows
 * it as Z.
 */
async function zombieProcess(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(parent);
  const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
  await vi.waitFor(() => expect(processInfo(pid)?.state).toBe('Z'), { timeout: 5_000, interval: 20 });
  return pid;
}

const pidFile = (dir: string) => path.join(dir, 'server.pid');
const holderIn = (dir: string) => parseLockFile(readFileSync(pidFile(dir), 'utf8'));

describe('the DATA_DIR lock', () => {
  it('records this process by pid, start time and directory, and removes the file on release', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(holderIn(dir)).toEqual({ pid: process.pid, start: processInfo(process.pid)!.start, dir: directoryId(dir) });
    expect(readFileSync(pidFile(dir), 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
    expect(existsSync(pidFile(dir))).toBe(false);
  });

  it('refuses while the process that wrote the lock is alive', async () => {
    const dir = dataDir();
    const pid = await liveProcess();
    writeFileSync(pidFile(dir), formatLockFile({ pid, start: processInfo(pid)!.start, dir: directoryId(dir) }));
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`Another server \\(pid ${pid}\\) is already using DATA_DIR`));
    expect(holderIn(dir)?.pid).toBe(pid);
  });

  it('takes over from a zombie, which a signal-0 check takes for alive', async () => {
    const dir = dataDir();
    const pid = await zombieProcess();
    expect(() => process.kill(pid, 0)).not.toThrow();
    writeFileSync(pidFile(dir), formatLockFile({ pid, start: processInfo(pid)!.start, dir: directoryId(dir) }));
    lockDataDir(dir)();
  });

  it('takes over from a process that has exited', async () => {
    const dir = dataDir();
    const child = spawn('true');
    const pid = child.pid!;
    await new Promise((resolve) => child.once('exit', resolve));
    writeFileSync(pidFile(dir), formatLockFile({ pid, start: '1', dir: directoryId(dir) }));
    lockDataDir(dir)();
  });

  it('takes over when the pid now belongs to a process that started at another time', async () => {
    const dir = dataDir();
    const pid = await liveProcess();
    const start = processInfo(pid)!.start;
    writeFileSync(pidFile(dir), formatLockFile({ pid, start: String(Number(start) - 1), dir: directoryId(dir) }));
    const release = lockDataDir(dir);
    expect(holderIn(dir)?.pid).toBe(process.pid);
    release();
  });

  it('starts on a copy of a running server’s directory: the copy is another directory', async () => {
    const original = dataDir();
    const pid = await liveProcess();
    writeFileSync(pidFile(original), formatLockFile({ pid, start: processInfo(pid)!.start, dir: directoryId(original) }));
    const copy = dataDir();
    cpSync(original, copy, { recursive: true });
    expect(() => lockDataDir(original)).toThrow(DataDirLockedError);
    lockDataDir(copy)();
  });

  it('refuses a live pid it cannot compare, naming the file to delete', async () => {
    const dir = dataDir();
    const pid = await liveProcess();
    // A server.pid of an older version: the pid alone.
    writeFileSync(pidFile(dir), String(pid));
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`locked by pid ${pid} .*running: sleep 60\\. .*delete ${pidFile(dir).replaceAll('/', '\\/')} and start again`),
    );
  });

  it('decides from /proc where it can, from the OS where it cannot', () => {
    const holder = { pid: process.pid + 1, start: '100', dir: '1:2' };
    const alive = () => true;
    expect(lockState(holder, { state: 'S', start: '100' }, '1:2', alive)).toBe('live');
    expect(lockState(holder, { state: 'Z', start: '100' }, '1:2', alive)).toBe('zombie');
    expect(lockState(holder, { state: 'S', start: '101' }, '1:2', alive)).toBe('pid-reused');
    expect(lockState(holder, { state: 'S', start: '100' }, '1:3', alive)).toBe('copied');
    expect(lockState(holder, null, '1:2', alive)).toBe('gone');
    expect(lockState({ pid: holder.pid }, { state: 'S', start: '100' }, '1:2', alive)).toBe('unverified');
    expect(lockState(holder, undefined, '1:2', alive)).toBe('unverified');
    expect(lockState(holder, undefined, '1:2', () => false)).toBe('gone');
  });
});

/**
 * A small file system of its own for the process tests of full disks: a tmpfs mounted on a fresh
 * directory, and a filler file that takes its space. Mounting needs root (or CAP_SYS_ADMIN);
 * where it is refused the reason is returned, for the suite to say so and skip, never silently.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Tmpfs {
  dir: string;
  unmount(): void;
}

export function mountTmpfs(prefix: string, sizeMb: number): Tmpfs | { reason: string } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
    return {
      dir,
      unmount: () => {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { reason: String((error as { stderr?: Buffer }).stderr ?? error).trim() };
  }
}

/** The bytes a process may still write on the file system holding `dir`. */
export function freeBytes(dir: string): number {
  const space = statfsSync(dir);
  return space.bavail * space.bsize;
}

/**
 * Writes `file` until its file system has at most `leaveBytes` free (0: full to the last block),
 * or the disk refuses more: whole megabytes first, then the last kilobytes.
 */
export function fillDisk(file: string, leaveBytes = 0) {
  const dir = path.dirname(file);
  const fd = openSync(file, 'a');
  const chunk = Buffer.alloc(1024 * 1024, 1);
  const write = (bytes: number) => {
    try {
      writeSync(fd, chunk.subarray(0, bytes));
      return true;
    } catch {
      return false; // ENOSPC: full.
    }
  };
  try {
    for (const size of [chunk.length, 4096]) {
      while (freeBytes(dir) - leaveBytes >= size && write(size));
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * DATA_DIR holds the embedded database (patients' data, password hashes, and session tokens in
 * its write-ahead log) and the generated auth secret: only the server's own user may read or
 * write any of it. PGlite creates its files 0666 and folders 0777 less the umask, so with the
 * usual umask 022 every local user could read them. Every start therefore makes the folder 0700
 * and, once the database is open, everything inside it 0700 (folders) or 0600 (files),
 * installations from before this rule included; server.ts also sets the umask so that files
 * created while running are private too.
 */
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** What server.ts sets before anything writes to DATA_DIR: new files 0600, new folders 0700. */
export const PRIVATE_UMASK = 0o077;

export function makeDataDirPrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  tightenTree(dataDir);
}

/** Symbolic links are left alone: their targets are not ours to change. */
function tightenTree(folder: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const target = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      chmodSync(target, 0o700);
      tightenTree(target);
    } else if (entry.isFile()) {
      chmodSync(target, 0o600);
    }
  }
}

/**
 * How `npm run backup` reaches the server that holds DATA_DIR. Only that process may open the
 * embedded database, so a running server takes the backup itself when asked. At every start it
 * makes a new random token and writes it, with the address it listens on, into
 * DATA_DIR/backup-endpoint.json (0600, in the 0700 DATA_DIR): whoever can read that file can
 * read the database files anyway, and nobody else can ask for a backup.
 */
import { timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const ENDPOINT_FILE = 'backup-endpoint.json';

export interface BackupEndpoint {
  pid: number;
  /** Where to POST /internal/backup, on this machine. */
  url: string;
  token: string;
}

/** The URL this machine reaches a listening address at (a wildcard address through loopback). */
export function localUrlOf(address: AddressInfo): string {
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

export function writeEndpoint(dataDir: string, endpoint: BackupEndpoint): void {
  const file = path.join(dataDir, ENDPOINT_FILE);
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, `${JSON.stringify(endpoint)}\n`, { mode: 0o600 });
  renameSync(partial, file);
}

export function readEndpoint(dataDir: string): BackupEndpoint | null {
  try {
    const parsed = JSON.parse(readFileSync(path.join(dataDir, ENDPOINT_FILE), 'utf8')) as Partial<BackupEndpoint>;
    if (typeof parsed.url !== 'string' || typeof parsed.token !== 'string' || typeof parsed.pid !== 'number') return null;
    return { pid: parsed.pid, url: parsed.url, token: parsed.token };
  } catch {
    return null;
  }
}

/** Removes the file if it is still this server's (a newer server may have replaced it). */
export function removeEndpoint(dataDir: string, token: string): void {
  if (readEndpoint(dataDir)?.token === token) rmSync(path.join(dataDir, ENDPOINT_FILE), { force: true });
}

/** Whether an `Authorization: Bearer …` header carries `token`, compared in constant time. */
export function carriesToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether a connection comes from this machine: over loopback, or to one of its own addresses
 * from that same address. A remote client behind a local reverse proxy passes this too, which
 * is why the token decides.
 */
export function isFromThisMachine(remoteAddress: string | undefined, localAddress: string | undefined): boolean {
  if (!remoteAddress) return false;
  const remote = remoteAddress.replace(/^::ffff:/, '');
  return remote === '::1' || remote.startsWith('127.') || remote === localAddress?.replace(/^::ffff:/, '');
}

/**
 * The backup archive: a gzip-compressed tar holding `manifest.json`, the generated `auth-secret`
 * (when DATA_DIR has one) and the embedded database's directory under `pglite/`, laid out as in
 * DATA_DIR, so that an operator can also inspect it with `tar tzf` or unpack it by hand. Beside it
 * a `.sha256` file in `sha256sum`'s format. Archives are written under a temporary name and
 * renamed once complete, so BACKUP_DIR never shows a half-written one under an archive's name.
 *
 * The secret travels with the database because Better Auth encrypts two-step sign-in secrets and
 * signs session tokens with it: a database restored without it would lock admins out of 2FA.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Header, Pack } from 'tar-stream';
import type { DataDirSnapshot } from '../../db/client.ts';
import { archiveName, CHECKSUM_SUFFIX } from './backup-rules.ts';

/** What `manifest.json` says; `format` tells our archives from any other tar.gz. */
export interface BackupManifest {
  format: 'doctors-portal-backup';
  version: 1;
  database: 'pglite';
  takenAt: string;
  hasAuthSecret: boolean;
}

const FORMAT = 'doctors-portal-backup';
/** The folder of the embedded database inside DATA_DIR, and inside the archive. */
export const PGLITE_FOLDER = 'pglite';
const AUTH_SECRET_FILE = 'auth-secret';

export class BackupArchiveError extends Error {
  override name = 'BackupArchiveError';
}

export interface WrittenArchive {
  file: string;
  checksumFile: string;
  bytes: number;
  sha256: string;
}

/** tar-stream is loaded when a backup or restore runs, not on every start of the server. */
const loadTar = () => import('tar-stream');

/** A WAL segment's file name: timeline, log and segment numbers, 8 hex digits each. */
const WAL_SEGMENT = /^pg_wal\/([0-9A-F]{24})$/;

/**
 * Whether the copy needs this file of the data directory: every one but the WAL segments outside
 * the snapshot's range, which PostgreSQL keeps only to reuse their space (fixed-width hex names
 * sort as their numbers do). With them an archive was several times larger (figures: docs/benchmarks.md,
 * "Backup and restore").
 */
function isNeeded(relative: string, walSegments: DataDirSnapshot['walSegments']): boolean {
  const segment = WAL_SEGMENT.exec(relative)?.[1];
  return segment === undefined || (segment >= walSegments.first && segment <= walSegments.last);
}

/**
 * Writes a snapshot of the database and the auth secret as an archive in `backupDir`, named
 * after `takenAt`. The folder is made 0700 and the files 0600: the archive holds everything
 * DATA_DIR holds.
 */
export async function writeArchive(
  { tar: databaseTar, walSegments }: DataDirSnapshot,
  authSecret: string | null,
  backupDir: string,
  takenAt: Date,
): Promise<WrittenArchive> {
  const tar = await loadTar();
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  let sequence = 0;
  while (existsSync(path.join(backupDir, archiveName(takenAt, sequence)))) sequence++;
  const file = path.join(backupDir, archiveName(takenAt, sequence));
  const partial = `${file}.partial`;

  const hash = createHash('sha256');
  let bytes = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), hashing, createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
  try {
    const manifest: BackupManifest = { format: FORMAT, version: 1, database: 'pglite', takenAt: takenAt.toISOString(), hasAuthSecret: authSecret !== null };
    await addEntry(pack, { name: 'manifest.json', mode: 0o600, mtime: takenAt }, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    if (authSecret !== null) await addEntry(pack, { name: AUTH_SECRET_FILE, mode: 0o600, mtime: takenAt }, Buffer.from(authSecret));
    const extract = tar.extract();
    const reading = pipeline(Readable.fromWeb(databaseTar.stream() as ReadableStream<Uint8Array>), extract);
    for await (const entry of extract) {
      const relative = entry.header.name.replace(/^\.?\/+/, '');
      if (relative === '' || !isNeeded(relative, walSegments)) {
        entry.resume();
        continue;
      }
      const name = `${PGLITE_FOLDER}/${relative}`;
      if (entry.header.type === 'directory') {
        await addEntry(pack, { name, type: 'directory', mode: 0o700, mtime: entry.header.mtime });
        entry.resume();
      } else if (entry.header.type === 'file') {
        const sink = pack.entry({ name, size: entry.header.size, mode: 0o600, mtime: entry.header.mtime });
        await copyInto(entry, sink);
      } else {
        throw new BackupArchiveError(`unexpected ${entry.header.type} ${name} in the database's files`);
      }
    }
    await reading;
    pack.finalize();
    await written;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    rmSync(partial, { force: true });
    throw error;
  }
  const sha256 = hash.digest('hex');
  await rename(partial, file);
  const checksumFile = `${file}${CHECKSUM_SUFFIX}`;
  await writeFile(`${checksumFile}.partial`, `${sha256}  ${path.basename(file)}\n`, { mode: 0o600 });
  await rename(`${checksumFile}.partial`, checksumFile);
  return { file, checksumFile, bytes, sha256 };
}

function addEntry(pack: Pack, header: Partial<Header> & Pick<Header, 'name'>, data?: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error | null) => (error ? reject(error) : resolve());
    if (data) pack.entry(header, data, done);
    else pack.entry(header, done);
  });
}

/** Copies one entry's bytes into the pack's sink for it, minding back-pressure. */
async function copyInto(source: AsyncIterable<unknown>, sink: ReturnType<Pack['entry']>) {
  const finished = new Promise<void>((resolve, reject) => {
    sink.once('finish', () => resolve());
    sink.once('error', reject);
  });
  for await (const chunk of source) {
    if (!sink.write(chunk)) await once(sink, 'drain');
  }
  // streamx's types ask for a last chunk; like Node's streams, it takes none.
  sink.end(undefined);
  await finished;
}

/** The SHA-256 of a file, as lowercase hex. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Checks `file` against the checksum file beside it; throws with what is wrong (no checksum
 * file, or a mismatch: the archive was damaged or changed after it was written).
 */
export async function verifyArchive(file: string): Promise<string> {
  const checksumFile = `${file}${CHECKSUM_SUFFIX}`;
  let expected: string;
  try {
    expected = (await readFile(checksumFile, 'utf8')).trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupArchiveError(`${checksumFile} is missing: copy it together with the archive, which cannot be checked without it.`);
    }
    throw error;
  }
  if (!/^[0-9a-f]{64}$/.test(expected)) throw new BackupArchiveError(`${checksumFile} does not hold a SHA-256 checksum.`);
  const actual = await sha256OfFile(file);
  if (actual !== expected) {
    throw new BackupArchiveError(
      `${file} is corrupted: its SHA-256 is ${actual}, but ${path.basename(checksumFile)} says ${expected}. ` +
        'Nothing was restored; use another backup (or a good copy of this one).',
    );
  }
  return actual;
}

/** An entry's path inside the archive, if it is one of ours and stays inside its folder. */
function isSafeDatabasePath(name: string): boolean {
  const parts = name.split('/');
  return parts[0] === PGLITE_FOLDER && parts.length > 1 && parts.every((part, i) => part !== '..' && part !== '.' && (part !== '' || i === parts.length - 1));
}

/**
 * Unpacks an archive into `dataDir`: the database into `pglite/` (through a temporary folder,
 * renamed when complete) and the auth secret beside it. The caller has checked the checksum, holds
 * DATA_DIR's lock and made sure there is no database there yet. Folders 0700, files 0600.
 */
export async function extractArchive(file: string, dataDir: string): Promise<BackupManifest> {
  const tar = await loadTar();
  const target = path.join(dataDir, PGLITE_FOLDER);
  const staging = path.join(dataDir, `${PGLITE_FOLDER}.restoring`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  let manifest: BackupManifest | undefined;
  let authSecret: string | undefined;
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (name === 'manifest.json' || name === AUTH_SECRET_FILE) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        const text = Buffer.concat(chunks).toString('utf8');
        if (name === AUTH_SECRET_FILE) authSecret = text;
        else manifest = parseManifest(text);
        continue;
      }
      if (!manifest) throw new BackupArchiveError(`${file} is not a backup of this portal (it does not start with its manifest).`);
      if (!isSafeDatabasePath(name)) throw new BackupArchiveError(`${file} holds an unexpected entry ${JSON.stringify(name)}; nothing was restored.`);
      const destination = path.join(staging, name.slice(PGLITE_FOLDER.length + 1));
      if (type === 'directory') {
        mkdirSync(destination, { recursive: true, mode: 0o700 });
        entry.resume();
      } else if (type === 'file') {
        mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
        await pipeline(entry, createWriteStream(destination, { mode: 0o600, flags: 'wx' }));
      } else {
        throw new BackupArchiveError(`${file} holds an unexpected ${type} ${JSON.stringify(name)}; nothing was restored.`);
      }
    }
    await reading;
  } catch (error) {
    extract.destroy();
    await reading.catch(() => {});
    rmSync(staging, { recursive: true, force: true });
    if (error instanceof BackupArchiveError) throw error;
    throw new BackupArchiveError(`${file} could not be read as a backup archive (${(error as Error).message}); nothing was restored.`);
  }
  if (!manifest || !existsSync(path.join(staging, 'PG_VERSION'))) {
    rmSync(staging, { recursive: true, force: true });
    throw new BackupArchiveError(`${file} holds no database; nothing was restored.`);
  }
  if (authSecret !== undefined) writeSecret(path.join(dataDir, AUTH_SECRET_FILE), authSecret);
  renameSync(staging, target);
  return manifest;
}

function parseManifest(text: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupArchiveError('the archive\'s manifest.json is not JSON: not a backup of this portal.');
  }
  if (manifest.format !== FORMAT || manifest.version !== 1 || manifest.database !== 'pglite') {
    throw new BackupArchiveError(`the archive is not a backup this version can restore (format ${String(manifest.format)} ${String(manifest.version)}).`);
  }
  return manifest as BackupManifest;
}

function writeSecret(file: string, secret: string) {
  const partial = `${file}.restoring`;
  writeFileSync(partial, secret, { mode: 0o600 });
  renameSync(partial, file);
}

/**
 * A migrated PGlite data directory to start each test app from. A fresh PGlite in memory runs
 * initdb and every migration, about 3 s of CPU on CI's machine; loading a copy takes 0.6 s, and
 * the API suites open over a hundred apps per run. The copy is made once per run and per clinic
 * zone (migrations read it), kept as a file under `.tmp/` named by a hash of the committed
 * migrations and PGlite's version, so a changed migration can never reuse a stale one; workers
 * that race to make it each write their own file and rename it into place.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { SERVER_ROOT } from '../server-root.ts';

const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
const FOLDER = path.join(REPO_ROOT, '.tmp', 'pglite-templates');

function migrationsHash(timeZone: string): string {
  const hash = createHash('sha256').update(timeZone);
  const pglite = JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  hash.update(pglite.version);
  const drizzle = path.join(SERVER_ROOT, 'drizzle');
  const files = readdirSync(drizzle, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.sql') || f.endsWith('_journal.json')).sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(drizzle, file)));
  return hash.digest('hex').slice(0, 16);
}

const made = new Map<string, Promise<Blob>>();

export function pgliteTemplate(timeZone: string): Promise<Blob> {
  let template = made.get(timeZone);
  if (!template) {
    template = load(timeZone);
    made.set(timeZone, template);
  }
  return template;
}

async function load(timeZone: string): Promise<Blob> {
  const file = path.join(FOLDER, `${migrationsHash(timeZone)}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({ kind: 'pglite', dir: 'memory://' }, { yieldBeforeStatements: false });
  try {
    await migrateDatabase(database, timeZone);
    const { tar } = await database.snapshotDataDir!();
    mkdirSync(FOLDER, { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, Buffer.from(await tar.arrayBuffer()));
    renameSync(partial, file);
    return tar;
  } finally {
    await database.close();
  }
}

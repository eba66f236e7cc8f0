/**
 * DATA_DIR is private to the server's user at every start, installations from before included.
 * Only the embedded database keeps its files there, so this runs once, on PGlite (TEST_DB unset).
 */
import { chmodSync, lstatSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestStorage, type TestStorage } from '../test/helper.ts';

/** Every entry under `root` with its permission bits, relative to `root`. */
function modes(root: string): Map<string, number> {
  const found = new Map<string, number>([['.', lstatSync(root).mode & 0o777]]);
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const target = path.join(folder, entry.name);
      if (entry.isSymbolicLink()) continue;
      found.set(path.relative(root, target), lstatSync(target).mode & 0o777);
      if (entry.isDirectory()) walk(target);
    }
  };
  walk(root);
  return found;
}

function loosen(root: string) {
  chmodSync(root, 0o755);
  for (const [relative, mode] of modes(root)) {
    if (relative === '.') continue;
    chmodSync(path.join(root, relative), (mode & 0o100) || lstatSync(path.join(root, relative)).isDirectory() ? 0o777 : 0o666);
  }
}

describe('DATA_DIR permissions (embedded database)', () => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage();
  });
  afterAll(() => storage.remove());

  it('makes a world-readable DATA_DIR from an earlier install private at start', async () => {
    // An install from before: the database as PGlite left it, then everything opened up.
    const first = await buildTestApp({}, { storage });
    await first.close();
    loosen(storage.dataDir);
    writeFileSync(path.join(storage.dataDir, 'notes.txt'), 'left by an operator', { mode: 0o644 });
    chmodSync(path.join(storage.dataDir, 'notes.txt'), 0o644);
    symlinkSync('/etc/hostname', path.join(storage.dataDir, 'a-link'));
    const before = modes(storage.dataDir);
    expect(before.get('.')).toBe(0o755);
    expect([...before.values()].filter((mode) => mode & 0o077).length).toBeGreaterThan(100);

    const second = await buildTestApp({}, { storage });
    try {
      const after = modes(storage.dataDir);
      const open = [...after].filter(([, mode]) => mode & 0o077).map(([name, mode]) => `${name} ${mode.toString(8)}`);
      expect(open, 'entries other users can reach').toEqual([]);
      expect(after.get('.')).toBe(0o700);
      expect(after.get('pglite')).toBe(0o700);
      expect(after.get('notes.txt')).toBe(0o600);
      // The server can still use what it tightened: the database answers.
      expect((await second.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

/**
 * Starts the real server for the browser suite on a fresh embedded database: the bundle that
 * `npm start` runs (`npm run build` makes it, as it makes the web build the suite needs).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR ?? '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
// @ts-expect-error -- the build output has no type declarations.
await import('../../apps/server/dist/server.mjs');

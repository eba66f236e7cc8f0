/**
 * `npm run bench`: every benchmark, one after another (never part of npm test), on a fresh
 * `npm run build`: the web build and the server bundle `npm start` runs.
 */
import { execFileSync } from 'node:child_process';
import { ensureTestPrerequisites } from '../scripts/ensure-test-prerequisites.ts';

process.env.TZ = 'UTC';
// The same machine prerequisites as npm test: a throwaway PostgreSQL and Debian's Chromium
// (for Lighthouse), installed when missing or named in a one-line instruction.
ensureTestPrerequisites();
execFileSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
await import('./bundle.ts');
await import('./available.ts');
await import('./race.ts');
await import('./booking-throughput.ts');
await import('./linear.ts');
await import('./reports.ts');
await import('./lighthouse.ts');
export {};

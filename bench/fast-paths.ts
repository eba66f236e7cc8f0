/**
 * What each shortcut of FAST_PATHS buys: the race and the /available and booking loads, run
 * with every shortcut on, every one off, and each one left out in turn, on the same build.
 * Not part of `npm run bench` (it runs those benchmarks six times): `node --import tsx
 * bench/fast-paths.ts`, after `npm run build`. BENCH_SECONDS shortens the loads.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { FAST_PATH_NAMES } from '../apps/server/src/config-values.ts';

const names: readonly string[] = FAST_PATH_NAMES;
const settings = [
  { label: 'all on', value: 'on' },
  { label: 'all off', value: 'off' },
  ...names.map((name) => ({ label: `without ${name}`, value: names.filter((n) => n !== name).join(',') })),
];
const benches = (process.env.BENCH_ONLY ?? 'race,available').split(',');

for (const { label, value } of settings) {
  for (const bench of benches) {
    const output = execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, `${bench}.ts`)], {
      env: { ...process.env, BENCH_SERVER_ENV: `FAST_PATHS=${value}`, TZ: 'UTC' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    console.log(`\nFAST_PATHS=${value} (${label}), ${bench}:`);
    console.log(output.trim().split('\n').filter((line) => line.startsWith('  ')).join('\n'));
  }
}

/**
 * What `npm test` needs beyond npm packages: Debian's Chromium for the browser suite and the
 * PostgreSQL server binaries for the throwaway test cluster. Installs them with apt-get when
 * missing and allowed (root on Debian), else stops with a one-line instruction. Never skips.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findPostgresBinDir } from '../apps/server/src/test/throwaway-postgres.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function canApt(): boolean {
  return process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

let aptUpdated = false;
function aptInstall(packages: string[]) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
}

function ensure(what: string, isPresent: () => boolean, packages: string[], instruction: string) {
  if (isPresent()) return;
  if (!canApt()) throw new Error(`${what} is missing: ${instruction}`);
  console.log(`[prerequisites] installing ${what} (${packages.join(' ')}) with apt-get`);
  aptInstall(packages);
  if (!isPresent()) throw new Error(`${what} is still missing after apt-get: ${instruction}`);
}

export function ensureTestPrerequisites() {
  ensure('Chromium', () => existsSync(CHROMIUM_PATH), ['chromium'], 'run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH).');
  ensure(
    'PostgreSQL server binaries',
    () => findPostgresBinDir() !== null,
    ['postgresql'],
    'run `sudo apt-get install -y postgresql` (or set PG_BIN_DIR to a PostgreSQL >= 15 bin directory).',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) ensureTestPrerequisites();

/**
 * `npm test`: lint and typecheck, then every suite, in order, never skipped. Unit, web (jsdom) and API integration tests
 * on PGlite and on a throwaway PostgreSQL (vitest), then the web build and the browser suite in
 * Debian's Chromium (Playwright). Ends with one plain `N passed, N failed` line for CI.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureTestPrerequisites } from './ensure-test-prerequisites.ts';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// Tests pin the clock's zone: dates must not depend on where CI happens to run.
const env = { ...process.env, TZ: 'UTC', FORCE_COLOR: process.env.CI ? '0' : '1' };
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

function run(label: string, command: string, args: string[], extraEnv: Record<string, string> = {}) {
  const started = Date.now();
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s ===`);
  return result.status === 0;
}

interface Counts { passed: number; failed: number; skipped: number }
const totals: Record<string, Counts> = {};
// Failed vitest tests, repeated at the end: CI keeps only the tail of a long log.
const failures: string[] = [];

function readVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    testResults: { name: string; assertionResults: { status: string; fullName: string; failureMessages?: string[] }[] }[];
  };
  for (const suite of report.testResults) {
    const project = suite.name.includes('.process.test.') ? 'server-process'
      : suite.name.includes('.int.test.') ? 'api (PGlite + PostgreSQL)'
      : suite.name.includes('/apps/web/') ? 'web' : 'unit';
    const counts = (totals[project] ??= { passed: 0, failed: 0, skipped: 0 });
    for (const test of suite.assertionResults) {
      if (test.status === 'passed') counts.passed++;
      else if (test.status === 'failed') {
        counts.failed++;
        const why = (test.failureMessages?.[0] ?? '').split('\n')[0]!.slice(0, 300);
        failures.push(`${path.relative(process.cwd(), suite.name)} > ${test.fullName}\n      ${why}`);
      } else counts.skipped++;
    }
  }
}

function readPlaywright(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  totals['e2e (Chromium)'] = {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  };
}

let ok = true;
try {
  ensureTestPrerequisites();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

ok = run('lint and typecheck', 'npm', ['run', '--silent', 'check']) && ok;

const vitestJson = path.join(reports, 'vitest.json');
ok = run('vitest: unit, web, API on PGlite and PostgreSQL, server process', bin('vitest'), [
  'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`,
]) && ok;
readVitest(vitestJson);

// The browser suite runs what `npm start` runs: the web build and the server's bundle.
const built = run('build', 'npm', ['run', 'build']);
ok = built && ok;
if (built) {
  const playwrightJson = path.join(reports, 'playwright.json');
  ok = run('playwright: end-to-end in Chromium', bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  }) && ok;
  readPlaywright(playwrightJson);
} else {
  totals['e2e (Chromium)'] = { passed: 0, failed: 1, skipped: 0 };
}

console.log('\nTest counts per suite:');
const sum: Counts = { passed: 0, failed: 0, skipped: 0 };
for (const [suite, c] of Object.entries(totals)) {
  console.log(`  ${suite}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`);
  sum.passed += c.passed;
  sum.failed += c.failed;
  sum.skipped += c.skipped;
}
if (failures.length > 0) console.log(`\nFailed vitest tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
if (!ok && sum.failed === 0) sum.failed = 1; // a runner failed before reporting a test
console.log(`\ntests: ${sum.passed} passed, ${sum.failed} failed${sum.skipped ? `, ${sum.skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);

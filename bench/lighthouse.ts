/**
 * How the pages people arrive on score on a slow phone: Lighthouse 12 (mobile preset, the
 * default), median of LIGHTHOUSE_RUNS runs (3), in Debian's Chromium, on /, /appointment (signed in,
 * as a patient opens it), /reviews, /login and /contact, beside a bare Vite React page built and
 * served in the same run, on the server as `npm start` runs it (bench/server.ts). Goals: performance >= 95,
 * accessibility, best practices and SEO 100.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import lighthouse from 'lighthouse';
import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { freePort } from '../apps/server/src/test/throwaway-postgres.ts';
import { signedInPatient } from './patient-session.ts';
import { startServer } from './server.ts';

// Three runs, as issue 21 asks: Lighthouse's own guidance is that a median of several evens out
// the variance of one; LIGHTHOUSE_RUNS=5 for a closer look.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const root = path.resolve(import.meta.dirname, '..');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOALS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

async function serveBareReact() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bare-react-'));
  // The web workspace's own Vite, so the reference is built by the same bundler as the portal.
  execFileSync('npm', ['exec', '-w', 'apps/web', '--', 'vite', 'build', path.join(import.meta.dirname, 'bare-react'), '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
  const app = Fastify();
  await app.register(fastifyStatic, { root: outDir });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}/`, close: async () => (await app.close(), rmSync(outDir, { recursive: true, force: true })) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** The metrics behind the performance score, to see which one costs points. */
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;
const showMetric = (name: keyof typeof METRICS, value: number) =>
  name === 'CLS' ? `${name} ${value.toFixed(3)}` : `${name} ${Math.round(value)} ms`;

/**
 * Signs the browser's default profile in (the session cookie and the access token), for a page
 * that needs a patient. Lighthouse then keeps storage (disableStorageReset), so the cache is
 * cleared before each run here instead: every run is still a cold load.
 */
async function signIn(base: string, port: number) {
  const state = await signedInPatient(base);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0]!;
  await context.addCookies(state.cookies);
  const page = await context.newPage();
  await page.goto(`${base}/api/health`);
  await page.evaluate(
    (items) => items.forEach(({ name, value }) => localStorage.setItem(name, value)),
    state.origins[0]!.localStorage,
  );
  const cdp = await context.newCDPSession(page);
  return {
    clearCache: () => cdp.send('Network.clearBrowserCache'),
    close: async () => (await page.close(), await browser.close()),
  };
}

async function audit(url: string, port: number, signedIn?: { clearCache: () => Promise<unknown> }) {
  const scores: Record<string, number[]> = {};
  const metrics: Record<string, number[]> = {};
  const failing = new Set<string>();
  for (let run = 0; run < RUNS; run++) {
    await signedIn?.clearCache();
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: Boolean(signedIn),
    });
    const lhr = result!.lhr;
    // A signed-out visitor of /appointment is sent to /login: that would be the wrong page's score.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
    for (const category of CATEGORIES) (scores[category] ??= []).push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
    for (const [name, id] of Object.entries(METRICS)) (metrics[name] ??= []).push(lhr.audits[id]?.numericValue ?? NaN);
    for (const category of CATEGORIES.slice(1)) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) failing.add(`${category}: ${a.id}`);
      }
    }
  }
  return {
    medians: Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c]!)])),
    metrics: (Object.keys(METRICS) as (keyof typeof METRICS)[]).map((name) => showMetric(name, median(metrics[name]!))).join(', '),
    failing: [...failing],
  };
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const bare = await serveBareReact();
const portal = await startServer({});
const lines: string[] = [];
function report(label: string, { medians, metrics, failing }: Awaited<ReturnType<typeof audit>>) {
  const bare = label.startsWith('bare');
  const verdicts = CATEGORIES.map((c) => `${c} ${medians[c]}${bare ? '' : ` (goal ${GOALS[c]}: ${medians[c]! >= GOALS[c] ? 'met' : 'MISSED'})`}`);
  lines.push(`  ${label}: ${verdicts.join(', ')}`, `    medians: ${metrics}`);
  if (failing.length && !bare) lines.push(`    audits below full marks: ${failing.join('; ')}`);
}
try {
  const pages: [string, string][] = [['bare Vite React page', bare.url], ['/', `${portal.base}/`], ['/reviews', `${portal.base}/reviews`], ['/login', `${portal.base}/login`], ['/contact', `${portal.base}/contact`]];
  // LIGHTHOUSE_PAGES=/appointment,/: only those (for a side-by-side look at one page).
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const wanted = (page: string) => !only || only.includes(page);
  for (const [label, url] of pages) {
    if (wanted(label) || (label.startsWith('bare') && !only)) report(label, await audit(url, chrome.port));
  }
  // Last: signing in leaves the profile signed in for any page audited after it.
  if (wanted('/appointment')) {
    const session = await signIn(portal.base, chrome.port);
    try {
      report('/appointment (signed in)', await audit(`${portal.base}/appointment`, chrome.port, session));
    } finally {
      await session.close();
    }
  }
} finally {
  await portal.stop();
  await bare.close();
  await chrome.kill();
}
console.log(`\nLighthouse 12 (mobile preset), median of ${RUNS} runs, Debian Chromium, ${new Date().toISOString()}:`);
for (const line of lines) console.log(line);

/**
 * How the pages people arrive on score on a slow phone: Lighthouse 12 (mobile preset, the
 * default), median of LIGHTHOUSE_RUNS runs (5), in Debian's Chromium, on /, /login, /contact and /reviews,
 * beside a bare Vite React page built and served in the same run. Goals: performance >= 95,
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
import { freePort } from '../apps/server/src/test/throwaway-postgres.ts';
import { startServer } from './server.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
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

async function audit(url: string, port: number) {
  const scores: Record<string, number[]> = {};
  const metrics: Record<string, number[]> = {};
  const failing = new Set<string>();
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    const lhr = result!.lhr;
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
try {
  const pages: [string, string][] = [['bare Vite React page', bare.url], ['/', `${portal.base}/`], ['/login', `${portal.base}/login`], ['/contact', `${portal.base}/contact`], ['/reviews', `${portal.base}/reviews`]];
  for (const [label, url] of pages) {
    const { medians, metrics, failing } = await audit(url, chrome.port);
    const verdicts = CATEGORIES.map((c) => `${c} ${medians[c]}${label.startsWith('bare') ? '' : ` (goal ${GOALS[c]}: ${medians[c]! >= GOALS[c] ? 'met' : 'MISSED'})`}`);
    lines.push(`  ${label}: ${verdicts.join(', ')}`, `    medians: ${metrics}`);
    if (failing.length && !label.startsWith('bare')) lines.push(`    audits below full marks: ${failing.join('; ')}`);
  }
} finally {
  await portal.stop();
  await bare.close();
  await chrome.kill();
}
console.log(`\nLighthouse 12 (mobile preset), median of ${RUNS} runs, Debian Chromium, ${new Date().toISOString()}:`);
for (const line of lines) console.log(line);

/**
 * What a phone downloads before a page settles: the JavaScript Chromium fetches for `/`,
 * `/appointment` (signed in) and `/login` until the network is idle, on the server as `npm start`
 * runs it (bench/server.ts), each page in a fresh browser context (nothing cached) with a phone's
 * screen (Lighthouse's mobile one, 412 x 823), counted gzip -9 from the build's files by name.
 * That is the main figure and the goals are about it. Then, what the page still fetches by itself
 * in the next few seconds, nobody touching it (the phone downloads that too, later). The second
 * line per route is the old count:
 * the entry with everything it statically imports, plus the route's lazy chunk with its static
 * imports, from the build alone (what must arrive before the page can show at all).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContextOptions } from '@playwright/test';
import { signedInPatient } from './patient-session.ts';
import { startServer } from './server.ts';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
if (!existsSync(path.join(dist, 'index.html')))
  throw new Error('Build the web app first: npm run build');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const assets = path.join(dist, 'assets');

const staticImports = (file: string): string[] => {
  const code = readFileSync(path.join(assets, file), 'utf8');
  const found = new Set<string>();
  // `import{a}from"./x.js"`, `import"./x.js"` — but not `import("./x.js")`, which is lazy.
  for (const match of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g))
    found.add(match[1]!);
  return [...found];
};

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

const gzipOf = (file: string) =>
  gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length;
const gzipKiB = (files: Iterable<string>) =>
  [...files].reduce((sum, f) => sum + gzipOf(f), 0) / 1024;

const entry = /<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/.exec(html)![1]!;
const entryClosure = closure([entry]);
const chunkOf = (name: string) => {
  const files = readFileSync(path.join(assets, entry), 'utf8').match(
    new RegExp(`\\./(${name}-[\\w-]+\\.js)`),
  );
  if (!files) throw new Error(`no lazy chunk for ${name}`);
  return files[1]!;
};
/** The old count: the entry's static closure, plus the route's chunk and its static closure. */
const staticFirstLoad = (chunk: string | null) =>
  new Set([...entryClosure, ...(chunk ? closure([chunkOf(chunk)]) : [])]);

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** How long a page is watched after the network went idle, for what it fetches by itself later. */
const LATER_MS = 5000;
/** Lighthouse's mobile screen (a Moto G Power): what decides which sections are near the viewport. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

const server = await startServer({});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const lines: string[] = [];
try {
  const patient = await signedInPatient(server.base);
  const routes = [
    { route: '/', chunk: null, goal: 100, signedIn: false },
    { route: '/appointment', chunk: 'appointment', goal: 130, signedIn: true },
    { route: '/login', chunk: 'login', goal: undefined, signedIn: false },
  ];
  for (const { route, chunk, goal, signedIn } of routes) {
    const context = await browser.newContext({
      ...PHONE,
      ...(signedIn ? { storageState: patient } : {}),
    });
    const page = await context.newPage();
    const fetched = new Set<string>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) fetched.add(pathname);
    });
    await page.goto(`${server.base}${route}`, { waitUntil: 'networkidle' });
    const atIdle = [...fetched];
    // What the page still fetches by itself afterwards, nobody touching it: not in the goal's
    // count, but the phone downloads it too.
    await page.waitForTimeout(LATER_MS);
    await context.close();
    const outside = [...fetched].filter((p) => !p.startsWith('/assets/'));
    if (outside.length) throw new Error(`JavaScript from outside the build: ${outside.join(', ')}`);
    const asset = (p: string) => p.slice('/assets/'.length);
    const files = atIdle.map(asset);
    const later = [...fetched].filter((p) => !atIdle.includes(p)).map(asset);
    const kib = gzipKiB(files);
    const staticFiles = staticFirstLoad(chunk);
    lines.push(
      `  ${route}${signedIn ? ' (signed in)' : ''}: ${kib.toFixed(1)} KiB in ${files.length} files${goal ? ` (goal <= ${goal}: ${kib <= goal ? 'met' : 'MISSED'})` : ''}`,
      `    ${files.map((f) => `${f} ${(gzipOf(f) / 1024).toFixed(1)}`).join(', ')}`,
      `    then, within ${LATER_MS / 1000} s more without a tap: ${later.length ? `+${gzipKiB(later).toFixed(1)} KiB (${later.map((f) => `${f} ${(gzipOf(f) / 1024).toFixed(1)}`).join(', ')})` : 'nothing'}`,
      `    second line, the static count (entry and route chunk with their static imports): ${gzipKiB(staticFiles).toFixed(1)} KiB in ${staticFiles.size} files`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log(
  `\nFirst-load JavaScript (gzip -9) Chromium fetches until the network is idle, a phone's screen, the server as npm start runs it, ${new Date().toISOString()}:`,
);
for (const line of lines) console.log(line);
const adminAndPayment = [
  'dashboard-users',
  'dashboard-add-doctor',
  'dashboard-manage-doctors',
  'dashboard-messages',
  'dashboard-payment',
  'stripe-payment',
];
const leaked = adminAndPayment.filter((name) =>
  [...entryClosure].some((f) => f.startsWith(`${name}-`)),
);
console.log(
  `  admin and payment code in the entry: ${leaked.length ? leaked.join(', ') : 'none (they load only on their routes)'}`,
);

/**
 * What a phone must download before a page can show: first-load JavaScript per route, gzip, from
 * the production build. First load = the entry with everything it statically imports, plus the
 * route's lazy chunk with everything that one statically imports (what the browser must fetch
 * before the page can show). Chunks loaded later on demand (dynamic imports inside a page) are not
 * counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) throw new Error('Build the web app first: npm run build');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const assets = path.join(dist, 'assets');

const staticImports = (file: string): string[] => {
  const code = readFileSync(path.join(assets, file), 'utf8');
  const found = new Set<string>();
  // `import{a}from"./x.js"`, `import"./x.js"` — but not `import("./x.js")`, which is lazy.
  for (const match of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) found.add(match[1]!);
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

const gzipKiB = (files: Iterable<string>) =>
  [...files].reduce((sum, f) => sum + gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length, 0) / 1024;

const entry = /<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/.exec(html)![1]!;
const entryClosure = closure([entry]);
const chunkOf = (name: string) => {
  const files = readFileSync(path.join(assets, entry), 'utf8').match(new RegExp(`\\./(${name}-[\\w-]+\\.js)`));
  if (!files) throw new Error(`no lazy chunk for ${name}`);
  return files[1]!;
};

const goals: Record<string, number> = { home: 100, appointment: 130 };
console.log(`\nFirst-load JavaScript (gzip -9), entry ${entry} with its imports: ${gzipKiB(entryClosure).toFixed(1)} KiB`);
// `/` ships in the entry itself (one round trip fewer for the landing page): no chunk of its own.
for (const [route, chunk] of [['/', 'home'], ['/appointment', 'appointment'], ['/login', 'login'], ['/contact', 'contact'], ['/dashboard/payment/:id', 'dashboard-payment']] as const) {
  const files = new Set([...entryClosure, ...(route === '/' ? [] : closure([chunkOf(chunk)]))]);
  const kib = gzipKiB(files);
  const goal = goals[chunk];
  console.log(`  ${route}: ${kib.toFixed(1)} KiB in ${files.size} files${goal ? ` (goal <= ${goal}: ${kib <= goal ? 'met' : 'MISSED'})` : ''}`);
}
const adminAndPayment = ['dashboard-users', 'dashboard-add-doctor', 'dashboard-manage-doctors', 'dashboard-messages', 'dashboard-payment', 'stripe-payment'];
const leaked = adminAndPayment.filter((name) => [...entryClosure].some((f) => f.startsWith(`${name}-`)));
console.log(`  admin and payment code in the entry: ${leaked.length ? leaked.join(', ') : 'none (they load only on their routes)'}`);

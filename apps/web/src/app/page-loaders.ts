/**
 * Every page's loader but the landing page's, in a chunk of its own (routes.tsx). Each dynamic
 * import carries the list of shared chunks to preload with it, and those lists, kept in the entry,
 * had grown `/` past its 100 KiB budget as pages were added (docs/benchmarks.md, "The pages'
 * loaders out of the entry"). Here they cost nothing until a patient first leaves the pages they
 * arrive on, and then one small download.
 */
import type { ComponentType } from 'react';

const pageModules = import.meta.glob<{ default: ComponentType }>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
  '!./routes/home.tsx',
]);

/** Loads `app/routes/<page>.tsx`. */
export function loadPage(page: string): Promise<{ default: ComponentType }> {
  const load = pageModules[`./routes/${page}.tsx`];
  if (!load) return Promise.reject(new Error(`The route table names a page with no module: app/routes/${page}.tsx`));
  return load();
}

/**
 * Per-route copies of index.html with the route's own resources announced in <head>, so the
 * browser fetches them together with the entry instead of after it has run. The portal renders in
 * the browser: without a hint, a page's lazy chunk (or the landing page's hero image) is requested
 * only once the entry has downloaded and run, one more round trip on a phone network before the
 * largest paint. The server sends `pages/<name>.html` for its path (apps/server/src/plugins/spa.ts)
 * and index.html for every other route.
 */
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export type RoutePage = {
  /** The route's code-split module (relative to the web app), preloaded with what it imports. */
  module?: string;
  /** Images the route shows first, by source file name, preloaded at high priority. */
  images?: string[];
};

/** `pages/<name>.html` for a route path: `/` -> `index`, `/login` -> `login`. */
export const pageFileFor = (route: string) => `pages/${route === '/' ? 'index' : route.slice(1)}.html`;

function chunkClosure(bundle: OutputBundle, start: OutputChunk, exclude: Set<string>): string[] {
  const found: string[] = [];
  const queue = [start.fileName];
  while (queue.length) {
    const fileName = queue.shift()!;
    if (exclude.has(fileName) || found.includes(fileName)) continue;
    found.push(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') queue.push(...chunk.imports);
  }
  return found;
}

export function routePages(routes: Record<string, RoutePage>): Plugin {
  return {
    name: 'clinic:route-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('route-pages: index.html is not in the bundle');
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route-pages: no entry chunk');
      // Already announced by index.html itself.
      const entryFiles = new Set(chunkClosure(bundle, entry, new Set()));

      for (const [route, page] of Object.entries(routes)) {
        const tags: string[] = [];
        for (const image of page.images ?? []) {
          const asset = Object.values(bundle).find(
            (file) => file.type === 'asset' && file.originalFileNames.some((name) => name.endsWith(`/${image}`)),
          );
          if (!asset) throw new Error(`route-pages: no image ${image} for ${route}`);
          tags.push(`<link rel="preload" as="image" href="/${asset.fileName}" fetchpriority="high">`);
        }
        if (page.module) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${page.module}`));
          if (!chunk) throw new Error(`route-pages: no chunk for ${page.module} (${route})`);
          for (const file of chunkClosure(bundle, chunk, entryFiles)) {
            tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
          }
        }
        this.emitFile({
          type: 'asset',
          fileName: pageFileFor(route),
          source: String(html.source).replace('</head>', `  ${tags.join('\n    ')}\n  </head>`),
        });
      }
    },
  };
}

/**
 * Per-route copies of index.html with the route's own code announced in <head>, so the browser
 * fetches it together with the entry instead of after it has run. The portal renders in the
 * browser: without a hint, a page's lazy chunk is requested only once the entry has downloaded and
 * run, one more round trip on a phone network before the largest paint (figures:
 * docs/benchmarks.md, "Route pages announce their chunks"). The server sends `pages/<name>.html`
 * for its path (apps/server/src/plugins/spa.ts) and index.html for every other route.
 *
 * The landing page ships in the entry and has no chunk to announce. Preloading its hero image was
 * tried and measured no better: the image then waits for the entry to render it.
 */
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** `pages/<name>.html` for a route path: `/login` -> `pages/login.html`. */
export const pageFileFor = (route: string) => `pages/${route.slice(1)}.html`;

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

/** `routes` maps a route path to its code-split module (relative to the web app). */
export function routePages(routes: Record<string, string>): Plugin {
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

      for (const [route, module] of Object.entries(routes)) {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
        if (!chunk) throw new Error(`route-pages: no chunk for ${module} (${route})`);
        const tags = chunkClosure(bundle, chunk, entryFiles).map(
          (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
        );
        this.emitFile({
          type: 'asset',
          fileName: pageFileFor(route),
          source: String(html.source).replace('</head>', `  ${tags.join('\n    ')}\n  </head>`),
        });
      }
    },
  };
}

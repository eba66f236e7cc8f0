import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { routePages } from './build/route-pages.ts';
import { arrivalPages, staffPages } from './src/app/route-table.ts';

/** A staff page's chunk, `assets/dashboard-reports-<hash>.js` (route-table.ts). */
const staffChunk = new RegExp(`(^|/)(${staffPages().join('|')})-[\\w-]+\\.js$`);

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The pages people arrive on (the route table says which): each gets its code announced in
    // its own copy of index.html.
    routePages(arrivalPages()),
  ],
  resolve: {
    // recharts reads React elements with react-is, which must be React's own version (19): the
    // copy npm hoists to the root for the test tools is 17, which does not know React 19's elements.
    dedupe: ['react-is'],
  },
  // @clinic/shared only declares constants and zod schemas, and says so in its package.json
  // ("sideEffects": false): the entry chunk then takes only the texts it uses, and the schemas
  // (and zod) load with the form pages that use them.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Images stay files with hashed names (cacheable, lazy-loadable), never data: URIs in the JS.
    assetsInlineLimit: 0,
    // Every browser we serve supports <link rel="modulepreload">; one without it just loads later.
    // A staff page does not list the shared chunks it needs for preloading: every list lives in
    // the entry, which every patient downloads on `/`, and the staff's pages (18 of them, each
    // with its list) had grown it past the 100 KiB budget. Opening one the first time waits for
    // its shared chunks one round trip later (docs/benchmarks.md, "Staff pages' preload lists").
    modulePreload: {
      polyfill: false,
      // Its stylesheets stay listed: the preload helper is what adds a lazy chunk's CSS to the page.
      resolveDependencies: (filename, deps, { hostType }) =>
        hostType === 'js' && staffChunk.test(filename) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rolldownOptions: {
      output: {
        // React, React DOM, React Router and TanStack Query in one chunk (and Vite's preload helper,
        // which rolldown otherwise cut into a chunk of its own): every page needs them, and
        // left to itself rolldown cut them into five small chunks that compress worse (figures:
        // docs/benchmarks.md, "One vendor chunk"). The chunk changes only with a dependency
        // upgrade, so it stays in the browser's cache across deploys of our own code. Only what the
        // entry itself imports ('$initial'): the parts only other pages use (mutations, paged
        // lists) load with those pages, not with the landing page (docs/benchmarks.md, "The
        // vendor chunk holds what the landing page runs").
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]|vite\/preload-helper/,
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
  server: {
    // In development the API runs on :3000; the SPA calls it same-origin through this proxy.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});

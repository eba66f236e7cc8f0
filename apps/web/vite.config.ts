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
        // React, React DOM, React Router and TanStack Query in one chunk: every page needs them, and
        // left to itself rolldown cut them into five small chunks that compress worse (figures:
        // docs/benchmarks.md, "One vendor chunk"). With them the few modules of our own that every
        // page runs and rolldown would otherwise cut into small chunks of their own, each a request
        // that compresses worse: Vite's preload helper, the API client and the language store
        // (docs/benchmarks.md, "Staff pages' preload lists"). The chunk changes with a dependency
        // upgrade or one of those three, so it mostly stays in the browser's cache across deploys.
        // Only what the entry itself imports ('$initial'): the parts only other pages use
        // (mutations, paged lists) load with those pages, not with the landing page
        // (docs/benchmarks.md, "The vendor chunk holds what the landing page runs").
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]|vite\/preload-helper|src[\\/]i18n[\\/](catalog|locale)\.ts|src[\\/]lib[\\/](api-client|token-storage)\.ts/,
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

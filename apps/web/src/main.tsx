import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { disableZodJit } from './lib/zod-jitless.ts';
import { loadCatalog } from './i18n/catalog.ts';
import { startLocale } from './i18n/locale.ts';
import './index.css';

// Before any chunk that builds a zod schema loads (see lib/zod-jitless.ts).
disableZodJit();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The language first (i18n/locale.ts). Another language than English waits for its common words
// (one small file) before the first paint, so the page does not flash up in English.
const locale = startLocale();
const ready = locale === 'en' ? Promise.resolve() : loadCatalog(locale, 'common').catch(() => {});

// The first render as a transition: React renders it in slices of a few milliseconds,
// yielding to the browser between them, instead of one long task that blocks a slow phone's
// main thread (Lighthouse's Total Blocking Time; docs/benchmarks.md, Lighthouse).
void ready.then(() => startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}));

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { disableZodJit } from './lib/zod-jitless.ts';
import { loadCatalog } from './i18n/catalog.ts';
import { isLocaleChosen, matchLocale, startLocale } from './i18n/locale.ts';
import './index.css';

// Before any chunk that builds a zod schema loads (see lib/zod-jitless.ts).
disableZodJit();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The language first (i18n/locale.ts). Another language than English waits for its common words
// (one small file) before the first paint, so the page does not flash up in English; so does a
// visitor whose browser names none of ours, for the clinic's default (i18n/clinic-default.ts).
// Either failing leaves English.
const locale = startLocale();
const ready = locale !== 'en'
  ? loadCatalog(locale, 'common').catch(() => {})
  : isLocaleChosen() || matchLocale(navigator.languages)
    ? Promise.resolve()
    : import('./i18n/clinic-default.ts').then((m) => m.applyClinicDefault()).catch(() => {});

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

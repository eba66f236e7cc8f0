import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { disableZodJit } from './lib/zod-jitless.ts';
import './index.css';

// Before any chunk that builds a zod schema loads (see lib/zod-jitless.ts).
disableZodJit();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render as a transition: React renders it in slices of a few milliseconds,
// yielding to the browser between them, instead of one long task that blocks a slow phone's
// main thread (Lighthouse's Total Blocking Time; docs/benchmarks.md, Lighthouse).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});

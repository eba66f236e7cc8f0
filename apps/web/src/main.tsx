import { StrictMode } from 'react';
import { config as configureZod } from 'zod/v4/core';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import './index.css';

// zod 4 probes for eval (new Function) to compile faster object parsers. Our CSP forbids eval, so
// the probe fails and Chromium reports a violation on every form page. Turn it off before any
// schema parses; for objects this small the difference does not show.
configureZod({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

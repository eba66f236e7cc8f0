import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@clinic/shared';
import { createQueryClient } from '../lib/query-client.ts';
import { useHasInteracted } from '../lib/use-has-interacted.ts';

// Toasts only follow what a user does on a page, and every page that raises one imports sonner
// itself: the toaster needs no place in the landing page's first-load JavaScript, and its code is
// fetched at the visitor's first tap or key press, not while the page loads (figures:
// docs/benchmarks.md, "The toaster, loaded lazily"). Nothing raised before it mounts is lost:
// sonner replays active toasts to a new subscriber, and a toast raised as a page opens, before any
// tap (a link from a mail, a return from the card processor), shows once the page has settled.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Top-right, as the spec says, but below the navbar (daisyUI's `navbar` is 4rem, 64 px): at the
 * top edge a toast covered the navbar's right end (Dashboard, the account menu, the phone's menu
 * button) for its 5 s, and a click there landed on the toast, whose timer stops under a pointer.
 */
const TOAST_OFFSET = { top: 72 };

type AppProvidersProps = {
  children: ReactNode;
  /** Tests pass their own client (no retries); the app makes one with the spec's defaults. */
  queryClient?: QueryClient;
};

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const hasInteracted = useHasInteracted();
  return (
    <QueryClientProvider client={client}>
      {children}
      {hasInteracted && (
        <Suspense fallback={null}>
          <Toaster position="top-right" duration={TOAST_DURATION_MS} offset={TOAST_OFFSET} mobileOffset={TOAST_OFFSET} />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}

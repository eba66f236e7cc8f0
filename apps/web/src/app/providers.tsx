import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@clinic/shared';
import { createQueryClient } from '../lib/query-client.ts';

type AppProvidersProps = {
  children: ReactNode;
  /** Tests pass their own client (no retries); the app makes one with the spec's defaults. */
  queryClient?: QueryClient;
};

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster position="top-right" duration={TOAST_DURATION_MS} />
    </QueryClientProvider>
  );
}

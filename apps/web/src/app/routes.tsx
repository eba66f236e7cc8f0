/**
 * React Router's routes, made of the route table (route-table.ts). Every page is its own chunk,
 * loaded through LazyChunk so a failed load shows 'Loading chunk failed' with a Retry button;
 * guarded pages sit behind RequireAuth, the admin pages also behind RequireAdmin and the staff
 * pages behind RequireRole.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { LazyChunk } from '../components/lazy-chunk.tsx';
import { retryableLazy } from '../lib/retryable-lazy.ts';
import { RequireAdmin } from '../features/auth/components/require-admin.tsx';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { RequireRole } from '../features/auth/components/require-role.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { routeTable, type RouteEntry } from './route-table.ts';
import HomeRoute from './routes/home.tsx';

// The landing page ships in the entry: one round trip fewer before its hero paints.
const pagesInEntry: Partial<Record<string, ComponentType>> = { home: HomeRoute };

/**
 * The pages patients arrive on or go to first from them: their loaders stay in the entry, so they
 * open with one round trip. Every other page's loader is in page-loaders.ts, fetched the first
 * time one of them is opened (its preload lists out of the entry: docs/benchmarks.md).
 */
const firstPages = import.meta.glob<{ default: ComponentType }>([
  './routes/about.tsx',
  './routes/reviews.tsx',
  './routes/contact.tsx',
  './routes/login.tsx',
  './routes/register.tsx',
  './routes/appointment.tsx',
  './routes/dashboard.tsx',
  './routes/dashboard-appointments.tsx',
  './routes/link.tsx',
]);

function pageElement(page: string) {
  const InEntry = pagesInEntry[page];
  if (InEntry) return <InEntry />;
  const load = firstPages[`./routes/${page}.tsx`] ?? (() => import('./page-loaders.ts').then((loaders) => loaders.loadPage(page)));
  return <LazyChunk chunk={retryableLazy(load)} />;
}

const guards = {
  'signed-in': <RequireAuth />,
  admin: <RequireAdmin />,
  'front-desk': <RequireRole roles={['receptionist', 'admin']} />,
  staff: <RequireRole roles={['receptionist', 'doctor', 'admin']} />,
} as const;

function toRoute(entry: RouteEntry): RouteObject {
  const element = entry.guard
    ? guards[entry.guard]
    : entry.page
      ? pageElement(entry.page)
      : undefined;
  if (entry.index) return { index: true, element };
  return { path: entry.path, element, children: entry.children?.map(toRoute) };
}

export const routes: RouteObject[] = [
  { element: <RootLayout />, children: routeTable.map(toRoute) },
];

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
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { routeTable, type RouteEntry } from './route-table.ts';
import HomeRoute from './routes/home.tsx';

// The landing page ships in the entry: one round trip fewer before its hero paints.
const pagesInEntry: Partial<Record<string, ComponentType>> = { home: HomeRoute };

/**
 * The pages a visitor of the landing page goes to first (its buttons and the navbar's Login):
 * their loaders stay in the entry, so they open with one round trip. Every other page's loader is
 * in page-loaders.ts, fetched the first time one of them is opened (the preload lists out of the
 * entry: docs/benchmarks.md, "Staff pages' preload lists").
 */
const firstPages = import.meta.glob<{ default: ComponentType }>([
  './routes/login.tsx',
  './routes/register.tsx',
  './routes/appointment.tsx',
]);

function pageElement(page: string) {
  const InEntry = pagesInEntry[page];
  if (InEntry) return <InEntry />;
  const load = firstPages[`./routes/${page}.tsx`] ?? (() => import('./page-loaders.ts').then((loaders) => loaders.loadPage(page)));
  return <LazyChunk chunk={retryableLazy(load)} />;
}

// The staff's guards load with the staff's pages, not with the landing page every patient fetches.
const requireAdmin = retryableLazy(() => import('../features/auth/components/require-admin.tsx').then((m) => ({ default: m.RequireAdmin })));
const requireRole = retryableLazy(() => import('../features/auth/components/require-role.tsx').then((m) => ({ default: m.RequireRole })));

const guards = {
  'signed-in': <RequireAuth />,
  admin: <LazyChunk chunk={requireAdmin} />,
  'front-desk': <LazyChunk chunk={requireRole} props={{ roles: ['receptionist', 'admin'] }} />,
  staff: <LazyChunk chunk={requireRole} props={{ roles: ['receptionist', 'doctor', 'admin'] }} />,
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

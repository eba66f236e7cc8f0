/** Test helpers: the app's providers around a memory router, and a fetch mock for /api calls. */
import { useLayoutEffect, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  MemoryRouter,
  useLocation,
  useNavigationType,
  useRoutes,
  type Location,
  type NavigationType,
  type RouteObject,
} from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

type InitialEntry = string | { pathname: string; search?: string; state?: unknown };

type RenderRoutesOptions = {
  initialEntries?: InitialEntry[];
  queryClient?: QueryClient;
};

/** Where the router is: updated on every render, read by tests after navigation. */
export type RouterState = { location: Location; historyAction: NavigationType };

type RoutesProps = { routes: RouteObject[]; onRender: (state: RouterState) => void };

function Routes({ routes, onRender }: RoutesProps) {
  const location = useLocation();
  const historyAction = useNavigationType();
  useLayoutEffect(() => {
    onRender({ location, historyAction });
  });
  return useRoutes(routes);
}

/**
 * Renders a route table in a memory router (without transitions, as the app's BrowserRouter)
 * with a query client and the toaster. `router.state` is the current location and history action.
 */
export function renderRoutes(routes: RouteObject[], options: RenderRoutesOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = { state: undefined as unknown as RouterState };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={options.initialEntries ?? ['/']} useTransitions={false}>
        <Routes
          routes={routes}
          onRender={(state) => {
            router.state = state;
          }}
        />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element at `path` (other paths show where navigation went, see LocationProbe). */
export function renderAt(
  element: ReactNode,
  options: RenderRoutesOptions & { path?: string } = {},
) {
  const path = options.path ?? '/';
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { ...options, initialEntries: options.initialEntries ?? [path] },
  );
}

/** Shows the current location, so a test can assert where the app navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location">
      {location.pathname}
      {location.search}
      {location.state ? ` state=${JSON.stringify(location.state)}` : ''}
    </div>
  );
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function problem(status: number, detail: string, extra: Record<string, unknown> = {}) {
  return new Response(
    JSON.stringify({ status, title: 'Error', detail, code: 'test_error', ...extra }),
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
}

export type ApiCall = { method: string; path: string; body: unknown; headers: Headers };
type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * Replaces fetch: `routes` maps 'METHOD /api/path' (no query string) to a response. Unmatched
 * calls answer 404 so a test notices them; every call is recorded in `calls`.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = {
      method,
      path: `${url.pathname}${url.search}`,
      body,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(call) : problem(404, `No mock for ${method} ${url.pathname}`);
  });
  return { calls, spy };
}

export const patient = { _id: 'u1', name: 'Pat Patient', email: 'pat@example.com', role: 'user' };

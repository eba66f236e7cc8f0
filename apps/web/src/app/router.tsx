/**
 * The app's router: React Router in declarative mode (BrowserRouter with useRoutes). The data
 * router (createBrowserRouter) brings loaders, actions and fetchers this app does not use, all of
 * them in the landing page's first-load JavaScript (figures: docs/benchmarks.md, "The declarative
 * router").
 */
import { BrowserRouter, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './route-error.tsx';
import { routes } from './routes.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

/** The route table rendered for the current location, behind the last-resort error page. */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <ScrollToTop />
      {useRoutes(routes)}
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  // No transitions: a navigation commits at once (useSignOut relies on it), and
  // each page's chunk shows its own fallback anyway.
  return (
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  );
}

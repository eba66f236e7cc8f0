import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMe } from '../api/get-me.ts';
import type { ReturnState } from '../hooks/use-return-path.ts';

/**
 * Protected route (spec section 4): a spinner while the auth state loads; signed out, a redirect
 * to /login that remembers the page (path, search and hash) to come back to.
 */
export function RequireAuth({ children = <Outlet /> }: { children?: ReactNode }) {
  const me = useMe();
  const location = useLocation();

  if (me.isPending) return <Spinner label="Checking your sign-in…" />;
  // The sign-in state itself could not be loaded (server down, network): not a reason to redirect.
  if (me.isError) {
    return <LoadFailed layout="page" error={me.error} onRetry={() => void me.refetch()} />;
  }
  if (!me.data) {
    const state: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" state={state} replace />;
  }
  return children;
}

import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMe } from '../api/get-me.ts';
import type { ReturnState } from '../hooks/use-return-path.ts';

/** Shown when the sign-in state itself could not be loaded (server down, network). */
export function AuthCheckFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16">
      <p>{errorMessage(error)}</p>
      <Button onClick={onRetry}>Retry</Button>
    </div>
  );
}

/**
 * Protected route (spec section 4): a spinner while the auth state loads; signed out, a redirect
 * to /login that remembers the page (path, search and hash) to come back to.
 */
export function RequireAuth({ children = <Outlet /> }: { children?: ReactNode }) {
  const me = useMe();
  const location = useLocation();

  if (me.isPending) return <Spinner label="Checking your sign-in…" />;
  if (me.isError) return <AuthCheckFailed error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data) {
    const state: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" state={state} replace />;
  }
  return children;
}

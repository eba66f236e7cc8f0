import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { adminQueryOptions } from '../api/get-admin.ts';
import { useMe } from '../api/get-me.ts';
import { useSignOut } from '../api/sign-out.ts';

/**
 * Admin route (spec section 4): a spinner while loading; not signed in, or the server says this
 * account is not an admin, means sign out and go to /login. The server enforces roles on every
 * admin call regardless; this only keeps the screens away from non-admins.
 */
export function RequireAdmin({ children = <Outlet /> }: { children?: ReactNode }) {
  const me = useMe();
  const email = me.data?.email ?? '';
  const admin = useQuery({ ...adminQueryOptions(email), enabled: email !== '' });
  const signOut = useSignOut();

  // A 401/403 answer is as good as "not an admin"; other failures are shown with a retry below.
  const deniedByServer = isApiError(admin.error) && admin.error.isClientError;
  const isNotAdmin = Boolean(me.data) && (admin.data?.admin === false || deniedByServer);

  useEffect(() => {
    if (isNotAdmin) void signOut('/login');
  }, [isNotAdmin, signOut]);

  if (me.isPending) return <Spinner label="Checking your access…" />;
  if (me.isError) {
    return <LoadFailed layout="page" error={me.error} onRetry={() => void me.refetch()} />;
  }
  if (!me.data) return <Navigate to="/login" replace />;
  if (admin.isError && !deniedByServer) {
    return <LoadFailed layout="page" error={admin.error} onRetry={() => void admin.refetch()} />;
  }
  if (admin.data?.admin !== true) return <Spinner label="Checking your access…" />;
  return children;
}

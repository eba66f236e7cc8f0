import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import type { Role } from '@clinic/shared';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMe } from '../api/get-me.ts';

/**
 * Staff pages (practice-loop.md section 2): only the roles named may see them. Another role is
 * told so and offered the way back, not signed out: a receptionist who follows a doctor's link is
 * still at work. The server refuses every call of the page anyway; this keeps the screen away.
 * RequireAuth stands in front, so a signed-out visitor never gets here.
 */
export function RequireRole({ roles, children = <Outlet /> }: { roles: readonly Role[]; children?: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <Spinner label="Checking your access…" />;
  if (me.isError) {
    return <LoadFailed layout="page" error={me.error} onRetry={() => void me.refetch()} />;
  }
  // A plain comparison, not shared's parseRole: this guard is in the entry chunk, which must not
  // build zod schemas before main.tsx turns zod's eval probe off (lib/zod-jitless.ts).
  if (me.data && (roles as readonly string[]).includes(me.data.role)) return children;
  return (
    <div role="alert" className="flex flex-col items-start gap-4">
      <p>This page is not part of your role at the clinic.</p>
      <Link to="/dashboard" className="btn btn-primary">
        Back to the dashboard
      </Link>
    </div>
  );
}

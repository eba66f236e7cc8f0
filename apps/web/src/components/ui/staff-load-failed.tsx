/**
 * A staff screen's data that could not be loaded, with a way to ask again. When the server wants
 * two-step sign-in first (REQUIRE_STAFF_2FA), asking again cannot help: the way there instead.
 */
import { Link } from 'react-router';
import { ErrorCode } from '@clinic/shared';
import { isApiError } from '../../lib/api-client.ts';
import { LoadFailed } from './load-failed.tsx';

export function StaffLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const needsTwoFactor =
    isApiError(error) &&
    error.code === ErrorCode.TWO_FACTOR_REQUIRED &&
    (error.body as { twoFactorEnabled?: boolean } | undefined)?.twoFactorEnabled !== true;
  return (
    <LoadFailed
      error={error}
      onRetry={onRetry}
      action={
        needsTwoFactor ? (
          <Link to="/dashboard/security" className="btn btn-primary">
            Turn on two-step sign-in
          </Link>
        ) : undefined
      }
    />
  );
}

import { Link } from 'react-router';
import { ErrorCode } from '@clinic/shared';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { isApiError } from '../../../lib/api-client.ts';

/**
 * An admin list that could not be loaded, with a way to ask again. When the server wants the
 * admin to turn on two-step sign-in first (REQUIRE_ADMIN_2FA), asking again cannot help: the way
 * there instead. An admin who has it on but signed in without a code is only told (the message
 * says to sign in again with the code; the navbar signs out).
 */
export function AdminLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
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

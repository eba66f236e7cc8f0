import { Link } from 'react-router';
import { ErrorCode } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';

/**
 * A list that could not be loaded: what went wrong, and a way to ask again. When the server
 * wants the admin to turn on two-step sign-in first (REQUIRE_ADMIN_2FA), the way there.
 */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const needsTwoFactor = isApiError(error) && error.code === ErrorCode.TWO_FACTOR_REQUIRED;
  return (
    <div role="alert" className="flex flex-col items-start gap-4">
      <p>{errorMessage(error)}</p>
      {needsTwoFactor ? (
        <Link to="/dashboard/security" className="btn btn-primary">
          Turn on two-step sign-in
        </Link>
      ) : (
        <Button onClick={onRetry}>Retry</Button>
      )}
    </div>
  );
}

import { errorMessage } from '../../../lib/api-client.ts';
import { useAppText } from '../../../i18n/app.ts';

type AuthErrorProps = {
  error: unknown;
  /** The page's own reader of the problem detail (its namespace); the `app` catalog's otherwise. */
  translate?: (english: string) => string;
};

/** Authentication errors, in red under the form (spec section 2): the server's problem detail. */
export function AuthError({ error, translate }: AuthErrorProps) {
  const app = useAppText();
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-error">
      {(translate ?? app)(errorMessage(error))}
    </p>
  );
}

import { errorMessage } from '../../../lib/api-client.ts';
import { useAppText } from '../../../i18n/app.ts';

/** Authentication errors, in red under the form (spec section 2): the server's problem detail. */
export function AuthError({ error }: { error: unknown }) {
  const t = useAppText();
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-error">
      {t(errorMessage(error))}
    </p>
  );
}

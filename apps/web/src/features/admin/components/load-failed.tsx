import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

/** A list that could not be loaded: what went wrong, and a way to ask again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-4">
      <p>{errorMessage(error)}</p>
      <Button onClick={onRetry}>Retry</Button>
    </div>
  );
}

/**
 * Where something could not be loaded: what went wrong, and a button to ask again (or, where
 * asking again cannot help, the caller's way on instead). A message or label given as text is
 * shown in the reader's language when the `common` catalog has it (the defaults, the connection
 * failure, the server's 'Something went wrong', the spec's 'Loading chunk failed'); a caller's
 * own words, already translated, come through as they are.
 */
import type { ReactNode } from 'react';
import { useCommonText } from '../../i18n/common.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from './button.tsx';

const layouts = {
  /** In a page's content, in place of what failed. */
  block: { frame: 'flex flex-col items-start gap-4', button: 'primary' },
  /** One section of a page among others: closer together, a quieter button. */
  section: { frame: 'flex flex-col items-start gap-2', button: 'outline' },
  /** Centred in a page's content. */
  centered: { frame: 'flex flex-col items-center gap-4', button: 'primary' },
  /** In place of a whole page. */
  page: {
    frame: 'mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16',
    button: 'primary',
  },
} as const;

type LoadFailedProps = {
  /** What failed; its message is shown unless `message` says otherwise. */
  error?: unknown;
  message?: ReactNode;
  onRetry: () => void;
  retryLabel?: string;
  /** Shown instead of the retry button. */
  action?: ReactNode;
  layout?: keyof typeof layouts;
  /** The message line's classes (the payment page's is red). */
  messageClassName?: string;
};

export function LoadFailed({
  error,
  message = errorMessage(error),
  onRetry,
  retryLabel = 'Retry',
  action,
  layout = 'block',
  messageClassName,
}: LoadFailedProps) {
  const { frame, button } = layouts[layout];
  const t = useCommonText();
  return (
    <div role="alert" className={frame}>
      <p className={messageClassName}>{typeof message === 'string' ? t(message) : message}</p>
      {action ?? (
        <Button variant={button} onClick={onRetry}>
          {t(retryLabel)}
        </Button>
      )}
    </div>
  );
}

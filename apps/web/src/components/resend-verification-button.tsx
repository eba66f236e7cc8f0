/**
 * 'Resend the mail': asks for the address-confirming link again and says, beside the button,
 * where it went or why it did not (the server limits how often).
 */
import { useState } from 'react';
import { useAppText } from '../i18n/app.ts';
import { errorMessage } from '../lib/api-client.ts';
import { resendVerificationEmail, sentAgainText } from '../lib/verification-email.ts';
import { Button } from './ui/button.tsx';

type Status = 'idle' | 'sending' | { sentTo: string } | { error: unknown };

export function ResendVerificationButton({ className = '' }: { className?: string }) {
  const [status, setStatus] = useState<Status>('idle');
  const t = useAppText();
  const resend = () => {
    setStatus('sending');
    resendVerificationEmail().then(
      ({ email }) => setStatus({ sentTo: email }),
      (error: unknown) => setStatus({ error }),
    );
  };
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      <Button
        variant="outline"
        className="btn-sm"
        isLoading={status === 'sending'}
        onClick={resend}
      >
        {t('Resend the mail')}
      </Button>
      <span role="status" className="text-sm">
        {typeof status === 'object' && 'sentTo' in status && sentAgainText(status.sentTo)}
      </span>
      {typeof status === 'object' && 'error' in status && (
        <span role="alert" className="text-sm text-error">
          {t(errorMessage(status.error))}
        </span>
      )}
    </div>
  );
}

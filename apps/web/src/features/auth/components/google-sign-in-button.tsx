/**
 * 'Continue with Google'. While the clinic has not configured Google (GET /api/config says so),
 * the button stays visible and explains that instead of starting a flow that cannot work.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { texts } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { configQueryOptions } from '../api/get-config.ts';
import { signInWithGoogle } from '../api/sign-in-social.ts';

type Status = 'idle' | 'working' | 'not-configured' | { error: unknown };

export function GoogleSignInButton({ returnPath }: { returnPath: string }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('idle');

  const start = async () => {
    setStatus('working');
    try {
      const config = await queryClient.fetchQuery(configQueryOptions());
      if (!config.googleSignIn) {
        setStatus('not-configured');
        return;
      }
      const { url } = await signInWithGoogle(returnPath);
      window.location.assign(url);
    } catch (error) {
      setStatus({ error });
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="outline"
        className="w-full"
        isLoading={status === 'working'}
        onClick={() => void start()}
      >
        {texts.continueWithGoogle}
      </Button>
      <div aria-live="polite">
        {status === 'not-configured' && (
          <p className="text-sm text-base-content">{texts.googleNotConfigured}</p>
        )}
        {typeof status === 'object' && (
          <p className="text-sm text-error">{errorMessage(status.error)}</p>
        )}
      </div>
    </div>
  );
}

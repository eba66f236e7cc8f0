/**
 * 'Continue with Google'. While the clinic has not configured Google (GET /api/config says so),
 * the button stays visible and explains that instead of starting a flow that cannot work. Back
 * from Google, it finishes the sign-in (the token step, then the return path) or shows the
 * provider's error in red under the form.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { texts } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { configQueryOptions } from '../../../lib/client-config.ts';
import { completeSignIn } from '../api/exchange-access-token.ts';
import { getMe } from '../api/get-me.ts';
import { signInWithGoogle } from '../api/sign-in-social.ts';
import { useAppText } from '../../../i18n/app.ts';

type Status = 'idle' | 'working' | 'not-configured' | { error: unknown } | { providerError: string };

/** The provider's words, as Better Auth passes them back on the error callback. */
function providerErrorFrom(search: URLSearchParams): string | null {
  if (search.get('google') !== 'failed' && !search.get('error')) return null;
  const code = search.get('error') ?? 'unknown_error';
  const description = search.get('error_description');
  return `Google sign-in failed: ${description ? `${description} (${code})` : code.replaceAll('_', ' ')}`;
}

export function GoogleSignInButton({ returnPath, screen }: { returnPath: string; screen: '/login' | '/register' }) {
  const t = useAppText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const providerError = providerErrorFrom(search);
  const isReturning = search.get('google') === 'done';
  const [status, setStatus] = useState<Status>(
    providerError ? { providerError } : isReturning ? 'working' : 'idle',
  );
  const finishing = useRef(false);

  useEffect(() => {
    if (!isReturning || finishing.current) return;
    finishing.current = true;
    void (async () => {
      try {
        // Google's callback left an identity session cookie: exchange it for the access token.
        const me = await getMe();
        if (!me) throw new Error('Google sign-in did not complete. Please try again.');
        await completeSignIn(queryClient, me.email);
        void navigate(returnPath, { replace: true });
      } catch (error) {
        setStatus({ error });
      }
    })();
  }, [isReturning, navigate, queryClient, returnPath]);

  const start = async () => {
    setStatus('working');
    try {
      const config = await queryClient.fetchQuery(configQueryOptions());
      if (!config.googleSignIn) {
        setStatus('not-configured');
        return;
      }
      const { url } = await signInWithGoogle(screen, returnPath);
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
        {t(texts.continueWithGoogle)}
      </Button>
      <div aria-live="polite">
        {status === 'not-configured' && (
          <p className="text-sm text-base-content">{t(texts.googleNotConfigured)}</p>
        )}
        {typeof status === 'object' && (
          <p role="alert" className="text-sm text-error">
            {t('providerError' in status ? status.providerError : errorMessage(status.error))}
          </p>
        )}
      </div>
    </div>
  );
}

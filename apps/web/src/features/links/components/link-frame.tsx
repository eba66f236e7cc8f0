/** The signed-link page's frame (one narrow column, readable at 360 px) and its way to sign in. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLinksT } from '../../../i18n/links.ts';

export function LinkFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 break-words">
      {children}
    </div>
  );
}

export function SignInLink() {
  const t = useLinksT();
  return (
    <p>
      <Link to="/login" className="link link-primary">
        {t('Sign in to see all your appointments')}
      </Link>
    </p>
  );
}

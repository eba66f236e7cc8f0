import { Link } from 'react-router';
import { usePagesT } from '../../../i18n/pages.ts';

/**
 * Better Auth's reasons, as it appends them to the link's callback (`?error=TOKEN_EXPIRED`), and
 * the server's own for a link opened a second time (a link works once).
 */
const reasons = {
  token_expired: 'This link has expired: links are valid for 24 hours.',
  invalid_token: 'This link is not valid: it may have been cut short or mistyped.',
  user_not_found: 'The account this link was for no longer exists.',
  link_already_used:
    'This link has already been used: each link works once. If you followed it before, your address is confirmed.',
} as const;

const reasonFor = (error: string) => {
  const key = error.toLowerCase();
  return Object.hasOwn(reasons, key) ? reasons[key as keyof typeof reasons] : 'This link did not work.';
};

/**
 * Where the link in the verification mail lands: Better Auth has already marked the address
 * confirmed (or refused the link) and says which in the query string.
 */
export function EmailVerificationResult({ error }: { error: string | null }) {
  const t = usePagesT();
  if (!error) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t('Your email address is confirmed')}</h1>
        <p>{t('Thank you. You can now book appointments.')}</p>
        <Link to="/appointment" className="btn btn-primary self-start">
          {t('Book an appointment')}
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('We could not confirm your email address')}</h1>
      <p>{t(reasonFor(error))}</p>
      <p>{t('Sign in and try to book: the clinic will offer to send you a new link.')}</p>
      <Link to="/login" className="btn btn-primary self-start">
        {t('Login')}
      </Link>
    </div>
  );
}

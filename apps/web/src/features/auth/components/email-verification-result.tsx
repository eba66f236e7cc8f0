import { Link } from 'react-router';

/**
 * Better Auth's reasons, as it appends them to the link's callback (`?error=TOKEN_EXPIRED`), and
 * the server's own for a link opened a second time (a link works once).
 */
const reasons: Record<string, string> = {
  token_expired: 'This link has expired: links are valid for 24 hours.',
  invalid_token: 'This link is not valid: it may have been cut short or mistyped.',
  user_not_found: 'The account this link was for no longer exists.',
  link_already_used:
    'This link has already been used: each link works once. If you followed it before, your address is confirmed.',
};

/**
 * Where the link in the verification mail lands: Better Auth has already marked the address
 * confirmed (or refused the link) and says which in the query string.
 */
export function EmailVerificationResult({ error }: { error: string | null }) {
  if (!error) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">Your email address is confirmed</h1>
        <p>Thank you. You can now book appointments.</p>
        <Link to="/appointment" className="btn btn-primary self-start">
          Book an appointment
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">We could not confirm your email address</h1>
      <p>{reasons[error.toLowerCase()] ?? 'This link did not work.'}</p>
      <p>
        Sign in and try to book: the clinic will offer to send you a new link.
      </p>
      <Link to="/login" className="btn btn-primary self-start">
        Login
      </Link>
    </div>
  );
}

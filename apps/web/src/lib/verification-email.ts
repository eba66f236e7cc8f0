/**
 * `POST /api/me/verification-email`: mails the signed-in patient the link that confirms their
 * address again. Offered after sign-up and where the clinic refuses to book until the address is
 * confirmed (`email_unverified`, REQUIRE_EMAIL_VERIFICATION).
 */
import { ErrorCode } from '@clinic/shared';
import { api, isApiError } from './api-client.ts';
import { appText } from '../i18n/app.ts';

export function resendVerificationEmail(): Promise<{ sent: true; email: string }> {
  return api.post('/me/verification-email', {});
}

/** Whether a failed booking asks the patient to confirm their email address first. */
export function needsEmailVerification(error: unknown): boolean {
  return isApiError(error) && error.code === ErrorCode.EMAIL_UNVERIFIED;
}

/** What the patient reads once a new account's confirmation mail is on its way. */
export const checkInboxText = (email: string) => appText('Check your inbox: we sent a link to confirm {{email}}.', { email });

export const sentAgainText = (email: string) => appText('We have sent the link again to {{email}}.', { email });

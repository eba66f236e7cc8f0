/**
 * `PATCH /api/me { phone }`: keeps the phone typed at a booking on the account, so the next
 * booking dialog fills it in. Best effort: the booking is made already, and a phone not kept is
 * only typed again next time, so a failure is neither shown nor retried.
 */
import type { Me } from '@clinic/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export type Account = NonNullable<Me>;

export async function savePhone(phone: string): Promise<Account> {
  const { user } = await apiRequest<{ user: Account }>('/me', { method: 'PATCH', body: { phone } });
  return user;
}

/** Saves the phone; `onSaved` gets the account as saved, for whoever caches it. */
export async function rememberPhone(
  phone: string,
  onSaved?: (account: Account) => void,
): Promise<void> {
  let account: Account;
  try {
    account = await savePhone(phone);
  } catch {
    // Deliberately quiet (see above).
    return;
  }
  onSaved?.(account);
}

/** Whether a booking's phone goes on the account: the account had none and one was typed. */
export function shouldRememberPhone(profilePhone: string | undefined, typed: string): boolean {
  return !profilePhone?.trim() && typed.trim() !== '';
}

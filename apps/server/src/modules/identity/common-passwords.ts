/**
 * Passwords refused on every path that sets one (sign-up, reset, change): the 10,000 most common,
 * those made of very few distinct characters, and those that contain the account's address.
 *
 * The list is the first 10,000 entries, most common first, of `passwords.json` in the npm package
 * `@zxcvbn-ts/language-common` 4.1.3 (MIT licence, Copyright (c) 2012-2016 Dan Wheeler and Dropbox,
 * Inc., (c) 2021 @zxcvbn-ts), itself ranked from leaked password sets. It is committed rather than
 * depended on, and lives only on the server: the web bundle shows the server's field error.
 */
import { messages } from '@clinic/shared';
import list from './common-passwords.json' with { type: 'json' };

// Built on the first password checked, not at start-up: most starts check none.
let commonPasswords: ReadonlySet<string> | undefined;

/** Case does not make a common password uncommon: `Password1` is as guessable as `password1`. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(list);
  return commonPasswords.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = messages.passwordTooCommon;

/** Fewer distinct characters than this (`aaaaaaaa`, `abababab`) is refused, whatever the length. */
export const MIN_DISTINCT_PASSWORD_CHARACTERS = 4;
/**
 * An address's name part this long or longer may not appear in the password (`anna.smith1`
 * for anna.smith@…); a shorter one (`jo@…`) turns up inside unrelated words too often.
 */
export const MIN_EMAIL_NAME_IN_PASSWORD = 4;

export type WeakPasswordReason = 'common' | 'few-characters' | 'contains-email';

export const WEAK_PASSWORD_MESSAGES: Record<WeakPasswordReason, string> = {
  common: COMMON_PASSWORD_MESSAGE,
  'few-characters': messages.passwordTooFewCharacters,
  'contains-email': messages.passwordContainsEmail,
};

/**
 * Why a new password is refused, or null. `email` is the account's address when it is known
 * (the sign-up's, the signed-in account's, the reset link's account's). Case is ignored throughout.
 */
export function weakPasswordReason(password: string, email?: string): WeakPasswordReason | null {
  if (isCommonPassword(password)) return 'common';
  const lower = password.toLowerCase();
  if (new Set(lower).size < MIN_DISTINCT_PASSWORD_CHARACTERS) return 'few-characters';
  const name = email?.trim().toLowerCase().split('@')[0] ?? '';
  if (name.length >= MIN_EMAIL_NAME_IN_PASSWORD && lower.includes(name)) return 'contains-email';
  return null;
}

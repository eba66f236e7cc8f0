/**
 * The 10,000 most common passwords, refused on every path that sets one (sign-up, reset, change).
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

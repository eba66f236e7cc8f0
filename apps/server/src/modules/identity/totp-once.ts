/**
 * An authenticator code is good once. Better Auth's TOTP check accepts the code of the current
 * 30-second step and of the steps either side, and keeps no record of codes used, so a code seen
 * over a shoulder or caught by a phishing page signed in again for up to a minute and a half.
 * Before Better Auth checks a code (`/two-factor/verify-totp`), this finds the step the code
 * belongs to, as Better Auth computes codes (RFC 6238: HMAC-SHA-1, 6 digits, 30 s, one step
 * either side), and claims it for the account: a step at or before the last one accepted is
 * refused. A code that matches no step is left to Better Auth, which refuses and counts it.
 *
 * The account is the signed-in one (turning two-step sign-in on) or the one the sign-in's
 * challenge names; the secret is read from the plugin's table and decrypted as the plugin does.
 * That is the plugin's storage format, kept here in one file (docs/decisions/024).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { symmetricDecrypt, type SecretConfig } from 'better-auth/crypto';

export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps either side of the current one that Better Auth accepts (its default). */
const WINDOW = 1;
/** How the plugin marks a secret it stores in base32 rather than as the key's text. */
const BASE32_PREFIX = 'base32:';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const TOTP_CODE_USED_MESSAGE = 'This code has already been used. Wait for the next code from your app.';

function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS;
  return value.toString().padStart(DIGITS, '0');
}

/** The 30-second step `atMs` falls in. */
export const totpStepAt = (atMs: number) => Math.floor(atMs / (TOTP_PERIOD_SECONDS * 1000));

/** The step, within one of `atMs`'s either side, whose code `code` is; null when none. */
export function totpStepOf(key: Buffer, code: string, atMs: number): number | null {
  const given = Buffer.from(code.trim());
  const now = totpStepAt(atMs);
  let matched: number | null = null;
  // Every candidate is compared, so the time taken says nothing about which one matched.
  for (let step = now - WINDOW; step <= now + WINDOW; step++) {
    const expected = Buffer.from(hotp(key, step));
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = step;
  }
  return matched;
}

function base32Decode(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index >= 0) bits += index.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The HMAC key of a secret as the plugin stores it (encrypted with the auth secret). */
export async function totpKeyOf(encrypted: string, secret: string | SecretConfig): Promise<Buffer> {
  const plain = await symmetricDecrypt({ key: secret, data: encrypted });
  return plain.startsWith(BASE32_PREFIX) ? base32Decode(plain.slice(BASE32_PREFIX.length)) : Buffer.from(plain, 'utf8');
}

export interface TotpOnceDeps {
  /** The account's encrypted secret. */
  findSecret(userId: string): Promise<string | null>;
  /** Records the step unless it is not later than the last one accepted (two-factor.repository.ts). */
  claimStep(userId: string, step: number): Promise<boolean>;
  now?: () => number;
}

/**
 * False when `code` is the code of a step this account has had accepted already (or a later
 * one); true otherwise, having claimed the code's step when it has one.
 */
export async function claimTotpCode(
  deps: TotpOnceDeps,
  userId: string,
  code: string,
  authSecret: string | SecretConfig,
): Promise<boolean> {
  const encrypted = await deps.findSecret(userId);
  if (!encrypted) return true;
  const step = totpStepOf(await totpKeyOf(encrypted, authSecret), code, (deps.now ?? Date.now)());
  return step === null ? true : deps.claimStep(userId, step);
}

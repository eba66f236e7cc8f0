/** An authenticator app for tests: codes from the key Better Auth hands out, and its cookies. */
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 with SHA-1, 6 digits and 30-second steps, as authenticator apps compute it. */
export function totp(key: Buffer, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/**
 * The code of the next 30-second step, which the server still accepts (one step either side):
 * a code is good once per account, so a second sign-in soon after enrolment uses this one.
 */
export const nextTotp = (key: Buffer) => totp(key, Date.now() + 30_000);

/** A six-digit code no clock within a few steps of now accepts. */
export function wrongCode(key: Buffer): string {
  const near = new Set([-2, -1, 0, 1, 2].map((step) => totp(key, Date.now() + step * 30_000)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** The cookies a response sets (those it expires left out), as a Cookie header. */
export function cookiesOf(response: { headers: Record<string, unknown> }): string {
  const setCookie = response.headers['set-cookie'];
  return ([setCookie ?? []].flat() as string[])
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(';')[0])
    .join('; ');
}

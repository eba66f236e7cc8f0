/**
 * Password hashing for the integration tests: scrypt as Better Auth's, at a cost about a hundred
 * times lower (N = 2^10 instead of 2^14), so that a sign-up costs a millisecond rather than 0.2 s
 * of the run's two cores. Apps built by `buildTestApp` use it; what the production hash does is
 * Better Auth's, and the process tests (real servers) and the browser tests run it.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../modules/identity/auth.ts';

const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 32, { N: 1024, r: 8, p: 1 }, (error, key) => (error ? reject(error) : resolve(key))),
  );

export const quickPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `quick:${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [scheme, salt, key] = hash.split(':');
    const stored = Buffer.from(key ?? '', 'hex');
    if (scheme !== 'quick' || !salt || stored.length !== 32) return false;
    return timingSafeEqual(await derive(password, salt), stored);
  },
};

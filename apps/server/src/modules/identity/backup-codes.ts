/**
 * Backup codes for two-step sign-in, read off paper and typed by hand: no characters that look
 * alike (0/o, 1/l/i) and one case only. Better Auth's own mix upper and lower case with every
 * digit; its `customBackupCodesGenerate` hook takes these instead.
 */
import { randomInt } from 'node:crypto';

export const BACKUP_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const BACKUP_CODE_COUNT = 10;

/** Ten codes like `k7m2q-xh4pa` (two groups of five: about 50 bits each). */
export function generateBackupCodes(random: (max: number) => number = randomInt): string[] {
  const group = () => Array.from({ length: 5 }, () => BACKUP_CODE_ALPHABET[random(BACKUP_CODE_ALPHABET.length)]).join('');
  return Array.from({ length: BACKUP_CODE_COUNT }, () => `${group()}-${group()}`);
}

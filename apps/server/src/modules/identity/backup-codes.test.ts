import { describe, expect, it } from 'vitest';
import { BACKUP_CODE_ALPHABET, generateBackupCodes } from './backup-codes.ts';

describe('backup codes', () => {
  it('has no characters that look alike, and one case only', () => {
    for (const lookAlike of ['0', 'o', 'O', '1', 'l', 'I', 'i', 'L']) expect(BACKUP_CODE_ALPHABET).not.toContain(lookAlike);
    expect(BACKUP_CODE_ALPHABET).toBe(BACKUP_CODE_ALPHABET.toLowerCase());
    expect(new Set(BACKUP_CODE_ALPHABET).size).toBe(BACKUP_CODE_ALPHABET.length);
  });

  it('makes ten codes of two groups of five from the alphabet', () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{5}-[23456789abcdefghjkmnpqrstuvwxyz]{5}$/);
    expect(new Set(codes).size).toBe(10);
  });

  it('draws every character from the random source, over the whole alphabet', () => {
    const draws: number[] = [];
    let n = 0;
    const codes = generateBackupCodes((max) => {
      draws.push(max);
      return n++ % max;
    });
    expect(draws).toHaveLength(100);
    expect(draws.every((max) => max === BACKUP_CODE_ALPHABET.length)).toBe(true);
    expect(codes[0]).toBe('23456-789ab');
    expect(new Set(codes.join('').replace(/-/g, ''))).toEqual(new Set(BACKUP_CODE_ALPHABET));
  });
});

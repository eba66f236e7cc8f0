import { describe, expect, it } from 'vitest';
import { commandOf } from './sms.service.ts';

describe('commandOf', () => {
  it('reads a reply by its first word, whatever its case, spacing or punctuation', () => {
    expect(commandOf('c')).toBe('C');
    expect(commandOf('  Yes!  see you then')).toBe('YES');
    expect(commandOf('Stop.')).toBe('STOP');
    expect(commandOf('')).toBe('');
    expect(commandOf('👍')).toBe('');
  });
});

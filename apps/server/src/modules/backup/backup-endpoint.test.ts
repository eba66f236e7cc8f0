import { describe, expect, it } from 'vitest';
import { carriesToken, isFromThisMachine, localUrlOf } from './backup-endpoint.ts';

describe('the backup endpoint', () => {
  it('is reached through loopback when the server listens on every address', () => {
    expect(localUrlOf({ address: '0.0.0.0', port: 3000, family: 'IPv4' })).toBe('http://127.0.0.1:3000');
    expect(localUrlOf({ address: '::', port: 3000, family: 'IPv6' })).toBe('http://[::1]:3000');
    expect(localUrlOf({ address: '10.0.0.5', port: 8080, family: 'IPv4' })).toBe('http://10.0.0.5:8080');
  });

  it('takes only the exact token, as a bearer', () => {
    const token = 'a'.repeat(43);
    expect(carriesToken(`Bearer ${token}`, token)).toBe(true);
    expect(carriesToken(`Bearer ${token.slice(1)}b`, token)).toBe(false);
    expect(carriesToken(`Bearer ${token}a`, token)).toBe(false);
    expect(carriesToken(undefined, token)).toBe(false);
    expect(carriesToken('Bearer ', token)).toBe(false);
  });

  it('answers connections from this machine only', () => {
    expect(isFromThisMachine('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(isFromThisMachine('::ffff:127.0.0.1', '::ffff:127.0.0.1')).toBe(true);
    expect(isFromThisMachine('::1', '::1')).toBe(true);
    // A server listening on one of the machine's own addresses, asked from that address.
    expect(isFromThisMachine('10.0.0.5', '10.0.0.5')).toBe(true);
    expect(isFromThisMachine('10.0.0.9', '10.0.0.5')).toBe(false);
    expect(isFromThisMachine(undefined, '127.0.0.1')).toBe(false);
  });
});

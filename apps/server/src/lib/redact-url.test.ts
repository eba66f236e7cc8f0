import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/booking?patient=pat%40example.com', '/api/booking?patient=[redacted]'],
    ['/api/booking?patient=pat@example.com&x=1', '/api/booking?patient=[redacted]&x=1'],
    ['/api/booking?patient=', '/api/booking?patient=[redacted]'],
    ['/api/user/pat@example.com', '/api/user/[redacted]'],
    ['/api/admin/pat%40example.com', '/api/admin/[redacted]'],
    ['/api/user/admin/pat%40example.com?x=y', '/api/user/admin/[redacted]?x=y'],
    ['/api/doctor/dr%2Bwho%40example.com', '/api/doctor/[redacted]'],
    ['/api/anything?email=a%40b.c&date=2030-06-07', '/api/anything?email=[redacted]&date=2030-06-07'],
    ['/api/x?a%40b.c', '/api/x?[redacted]'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves URLs without an email alone', () => {
    for (const url of ['/api/available?date=2030-06-07', '/api/booking/5f0c1c0e-0000-4000-8000-000000000003', '/', '/%E0%A4%A']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

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

  // A mail's link or an OAuth callback in the log must not be a way to replay it.
  it.each([
    [
      '/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6InBhdEBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJl&callbackURL=%2Fverify-email',
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fverify-email',
    ],
    ['/reset-password?token=Xy12abCD34efGH56ijKL78mn', '/reset-password?token=[redacted]'],
    ['/api/auth/reset-password/Xy12abCD34efGH56ijKL78mn?callbackURL=%2F', '/api/auth/reset-password/[redacted]?callbackURL=%2F'],
    ['/api/auth/verify-email/abc.def.ghi', '/api/auth/verify-email/[redacted]'],
    ['/api/auth/callback/google?code=4%2F0AbCdEf&state=s7T8u9&iss=https%3A%2F%2Faccounts.google.com', '/api/auth/callback/google?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Faccounts.google.com'],
    ['/api/x?otp=123456&totp=654321&Code=111111', '/api/x?otp=[redacted]&totp=[redacted]&Code=[redacted]'],
    ['/api/x?access_token=a&id_token=b&refreshToken=c&secret=d&password=e', '/api/x?access_token=[redacted]&id_token=[redacted]&refreshToken=[redacted]&secret=[redacted]&password=[redacted]'],
    ['/api/x?next=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig', '/api/x?next=[redacted]'],
    ['/some/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig/page', '/some/[redacted]/page'],
    ['/l/Ab9_-cDeFgHiJkLmNoPqRsTuVwXyZ0123456789ab', '/l/[redacted]'],
    ['/api/links/Ab9_-cDeFgHiJkLmNoPqRsTuVwXyZ0123456789ab/cancel', '/api/links/[redacted]/cancel'],
  ])('takes the credential out of %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves URLs without an email alone', () => {
    for (const url of [
      '/api/available?date=2030-06-07',
      '/api/booking/5f0c1c0e-0000-4000-8000-000000000003',
      '/',
      '/%E0%A4%A',
      '/verify-email?error=invalid_token',
      '/reset-password',
      '/api/auth/two-factor/verify-totp',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

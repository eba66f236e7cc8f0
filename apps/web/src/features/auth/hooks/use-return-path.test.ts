import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './use-return-path.ts';

describe('safeReturnPath', () => {
  it.each(['/dashboard', '/dashboard/payment/b1?from=x#top', '/appointment?date=2030-06-07'])(
    'keeps a path of this app: %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ['a full URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/'],
    ['a backslash after the slash', '/\\evil.example/'],
    ['backslashes only', '\\\\evil.example/'],
    ['a backslash further in', '/dashboard\\..\\\\evil.example'],
    ['a tab between slashes', '/\t/evil.example/'],
    ['a newline between slashes', '/\n/evil.example/'],
    ['a carriage return', '/dash\rboard'],
    ['a NUL', '/dashboard\u0000'],
    ['DEL', '/dashboard\u007f'],
    ['no leading slash', 'dashboard'],
    ['the login page', '/login?from=/dashboard'],
    ['not a string', 42],
  ])('refuses %s', (_case, value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});

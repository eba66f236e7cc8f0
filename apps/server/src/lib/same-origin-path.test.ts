import { describe, expect, it } from 'vitest';
import { isSameOriginPath } from './same-origin-path.ts';

describe('isSameOriginPath', () => {
  it.each(['/api/image/5f0c1c0e-0000-4000-8000-000000000003', '/x.webp', '/', '/a//b', '/a/\\b'])('accepts %j', (path) => {
    expect(isSameOriginPath(path)).toBe(true);
  });

  it.each([
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    '/\t/evil.example/x.png',
    '/\n/evil.example/x.png',
    '\\/evil.example/x.png',
    'https://evil.example/x.png',
    'javascript:alert(1)',
    ' /x.png',
    'x.png',
    '',
  ])('refuses %j', (path) => {
    expect(isSameOriginPath(path)).toBe(false);
  });
});

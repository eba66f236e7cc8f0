import { describe, expect, it } from 'vitest';
import { localeSchema } from './account.ts';
import { bestLocale } from './locales.ts';

describe('bestLocale', () => {
  it.each([
    ['de-CH,de;q=0.9,en;q=0.5', 'de'],
    ['es-MX', 'es'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,de;q=0.4,es;q=0.3', 'de'],
    ['fr;q=0.9, es', 'es'],
    ['en;q=0.2, es;q=0.8', 'es'],
    ['ES', 'es'],
    ['de;q=0, en', 'en'],
    ['*', null],
    ['fr, pt-BR', null],
    ['', null],
    [undefined, null],
  ])('%s -> %s', (header, expected) => {
    expect(bestLocale(header)).toBe(expected);
  });

  it('of equal weights, the first listed wins', () => {
    expect(bestLocale('es;q=0.5, de;q=0.5')).toBe('es');
  });
});

describe('localeSchema', () => {
  it('takes en, es and de only', () => {
    expect(localeSchema.safeParse('es').success).toBe(true);
    expect(localeSchema.safeParse('fr').success).toBe(false);
    expect(localeSchema.safeParse('en-US').success).toBe(false);
  });
});

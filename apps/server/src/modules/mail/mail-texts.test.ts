/**
 * The mails' catalogs (packages/shared/locales/<lng>/emails.json): every language has every key
 * of English, with the same `{{placeholders}}`, and none left empty or in English; and the texts'
 * formats (dates, times, money) as each language writes them.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@clinic/shared';
import de from '../../../../../packages/shared/locales/de/emails.json' with { type: 'json' };
import en from '../../../../../packages/shared/locales/en/emails.json' with { type: 'json' };
import es from '../../../../../packages/shared/locales/es/emails.json' with { type: 'json' };
import { compileText, createMailTexts, instanceFor } from './mail-texts.ts';

type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flat(value, `${prefix}${key}.`)),
    ),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the mails’ catalogs', () => {
  const english = flat(en);

  it.each([['es', es], ['de', de]] as const)('%s has every English key, with its placeholders, translated', (lng, catalog) => {
    const other = flat(catalog);
    expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(other[key]!.trim(), `${lng} ${key}`).not.toBe('');
      expect(placeholders(other[key]!), `${lng} ${key}`).toEqual(placeholders(text));
      // The signature is the product's name; a sentence left as in English is a forgotten one.
      if (key !== 'frame.signature' && text.split(' ').length > 2) expect(other[key], `${lng} ${key}`).not.toBe(text);
    }
  });

  it('covers the languages the portal offers', () => {
    expect([...LOCALES].sort()).toEqual(['de', 'en', 'es']);
  });
});

describe('createMailTexts', () => {
  const texts = createMailTexts('en');

  it('keeps English as the mails always wrote it: the spec’s date and slot, whole dollars', () => {
    expect(texts.when('en', '2030-06-05', '08.00 AM - 08.30 AM')).toBe('Jun 5, 2030 at 08.00 AM - 08.30 AM');
    expect(texts.money('en', 1700)).toBe('$17');
    expect(texts.money('en', 1950)).toBe('$19.5');
    expect(texts.moneyWithCents('en', 1700)).toBe('$17.00');
  });

  it('writes Spanish and German dates, 24-hour times and money through Intl', () => {
    expect(texts.when('es', '2030-06-05', '01.30 PM - 02.00 PM')).toBe('5 jun 2030, 13:30–14:00');
    expect(texts.when('de', '2030-06-05', '01.30 PM - 02.00 PM')).toBe('05.06.2030, 13:30–14:00 Uhr');
    expect(texts.money('de', 1950).replace(/\s/g, ' ')).toBe('19,50 $');
    expect(texts.moneyWithCents('es', 1700).replace(/\s/g, ' ')).toBe('17,00 US$');
  });

  it('takes the recipient’s language, or the clinic’s default when they chose none', () => {
    expect(createMailTexts('de').localeOf(null)).toBe('de');
    expect(createMailTexts('de').localeOf('es')).toBe('es');
  });

  it('opens a Spanish or German mail’s links in its language, and leaves English addresses as they were', () => {
    expect(texts.url('en', 'https://portal.test/dashboard')).toBe('https://portal.test/dashboard');
    expect(texts.url('es', 'https://portal.test/dashboard')).toBe('https://portal.test/dashboard?lang=es');
    expect(texts.url('de', '{{link:confirm}}')).toBe('{{link:confirm}}?lang=de');
    expect(texts.url('de', 'https://portal.test/x?a=1')).toBe('https://portal.test/x?a=1&lang=de');
  });

  it('picks the plural form by count', () => {
    expect(texts.t('es', 'waitlistOffer.bookWithin', { count: 1, url: 'u' })).toContain('1 minuto ');
    expect(texts.t('de', 'waitlistOffer.bookWithin', { count: 5, url: 'u' })).toContain('5 Minuten');
  });
});

describe('the compiled texts', () => {
  const texts = createMailTexts('en');
  // Values that would mean something to i18next if it read them again: they must go in as written.
  const tricky = ['{{name}}', '$t(frame.signature)', 'Ann & <Bob>', 'line\nbreak', 42];

  it.each(LOCALES)('%s: every text reads as i18next reads it, whatever goes into it', (lng) => {
    const i18n = instanceFor(lng);
    let compiledCount = 0;
    for (const [key, text] of Object.entries(flat(en))) {
      const stem = key.replace(/_(one|other)$/, '');
      const names = [...new Set(placeholders(text))] as string[];
      for (const value of tricky) {
        const values = Object.fromEntries(names.map((name) => [name, name === 'count' ? 2 : value]));
        expect(texts.t(lng, stem as never, values), `${lng} ${stem} ${String(value)}`).toBe(i18n.t(stem, values));
      }
      // A value left out: i18next's reading, not a half-filled text.
      if (names.length > 0) expect(texts.t(lng, stem as never, {}), `${lng} ${stem} without values`).toBe(i18n.t(stem, {}));
      if (compileText(lng, stem)) compiledCount++;
    }
    // Every text but the plural ones is read without i18next.
    expect(compiledCount).toBe(Object.keys(flat(en)).filter((key) => !/_(one|other)$/.test(key)).length);
  });
});

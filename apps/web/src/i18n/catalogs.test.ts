/**
 * The web's catalogs (packages/shared/locales/<lng>/<ns>.json, natural keys: decision 040). In
 * `en` every text is its own translation, so English on screen is the spec's text byte for byte;
 * every other language translates every text, with the same `{{placeholders}}`; the spec's words
 * the landing page shows are all there, as the spec writes them.
 */
import { describe, expect, it } from 'vitest';
import { footerColumns, landingTexts, navLabels } from '@clinic/shared';

const files = import.meta.glob<Record<string, string>>('../../../../packages/shared/locales/*/*.json', { eager: true, import: 'default' });
// The namespaces keyed by their English text: all but the server's mails (named keys, tested
// with the server: mail-texts.test.ts).
const webNamespaces = [...new Set(Object.keys(files).map((file) => file.split('/').at(-1)!.replace(/\.json$/, '')))].filter((ns) => ns !== 'emails');
const catalog = (lng: string, ns: string) => files[`../../../../packages/shared/locales/${lng}/${ns}.json`]!;
const languages = [...new Set(Object.keys(files).map((file) => file.split('/').at(-2)!))];
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the web catalogs', () => {
  it('exist in English, Spanish and German', () => {
    expect(languages.sort()).toEqual(['de', 'en', 'es']);
  });

  it.each(webNamespaces)('en/%s.json: every text is its own translation', (ns) => {
    const en = catalog('en', ns);
    expect(Object.keys(en).length).toBeGreaterThan(0);
    for (const [key, value] of Object.entries(en)) expect(value).toBe(key);
  });

  it.each(webNamespaces)('es and de translate every text of %s, with its placeholders, none left empty', (ns) => {
    const en = Object.keys(catalog('en', ns));
    for (const lng of languages.filter((l) => l !== 'en')) {
      const other = catalog(lng, ns);
      expect(Object.keys(other).sort(), `${lng}/${ns}.json`).toEqual([...en].sort());
      for (const key of en) {
        expect(other[key]!.trim(), `${lng}/${ns}.json: ${key}`).not.toBe('');
        expect(placeholders(other[key]!), `${lng}/${ns}.json: ${key}`).toEqual(placeholders(key));
      }
      // A sentence left in English is a translation forgotten (a single word may be the same).
      expect(en.filter((key) => other[key] === key && key.split(' ').length > 2), `${lng}/${ns}.json`).toEqual([]);
    }
  });

  it("has the spec's words of the landing page, the navbar and the footer, exactly", () => {
    const en = catalog('en', 'common');
    const spec = [
      ...Object.values(landingTexts).filter((text) => text !== landingTexts.brand && text !== landingTexts.loadingChunkFailed),
      ...Object.values(navLabels),
      ...footerColumns.flatMap((column) => [column.title, ...column.links]),
    ];
    for (const text of spec) expect(en[text], text).toBe(text);
  });
});

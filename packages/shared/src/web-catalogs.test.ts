/**
 * The web's catalogs (packages/shared/locales/<lng>/<ns>.json, natural keys: decision 040). In
 * `en` every text is its own translation, so English on screen is the spec's text byte for byte;
 * the spec's words the landing page shows are all there, as the spec writes them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { footerColumns, landingTexts, navLabels } from './landing-texts.ts';

const locales = path.resolve(import.meta.dirname, '../locales');
const catalog = (lng: string, ns: string) => JSON.parse(readFileSync(path.join(locales, lng, `${ns}.json`), 'utf8')) as Record<string, string>;
// The namespaces keyed by their English text (the server's mails use named keys).
const webNamespaces = ['common', 'app'];

describe('the web catalogs', () => {
  it.each(webNamespaces)('en/%s.json: every text is its own translation', (ns) => {
    const en = catalog('en', ns);
    expect(Object.keys(en).length).toBeGreaterThan(0);
    for (const [key, value] of Object.entries(en)) expect(value).toBe(key);
  });

  it.each(webNamespaces)('es and de translate every text of %s, none left empty or in English by mistake', (ns) => {
    const en = Object.keys(catalog('en', ns));
    for (const lng of readdirSync(locales).filter((l) => l !== 'en')) {
      const other = catalog(lng, ns);
      expect(Object.keys(other).sort(), `${lng}/${ns}.json`).toEqual([...en].sort());
      const untranslated = en.filter((key) => other[key]!.trim() === '' || (other[key] === key && key.split(' ').length > 2));
      expect(untranslated, `${lng}/${ns}.json`).toEqual([]);
    }
  });

  it("has the spec's words of the landing page, the navbar and the footer, exactly", () => {
    const en = catalog('en', 'common');
    const spec = [
      landingTexts.heroTitle,
      landingTexts.ctaTitle,
      landingTexts.getStarted,
      landingTexts.copyright,
      ...Object.values(navLabels),
      ...footerColumns.flatMap((column) => [column.title, ...column.links]),
    ];
    for (const text of spec) expect(en[text], text).toBe(text);
  });
});

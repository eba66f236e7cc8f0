/**
 * The non-English catalogs, each its own small chunk, fetched the first time a page needs it
 * (catalog.ts). Kept out of the entry: its map of chunk names would grow with every namespace.
 * Here too, out of the entry, the fallback for a text with values in it (`fitting`).
 */
import type { Catalog } from './catalog.ts';
import type { Locale } from './locale.ts';

// Not `en` (its text is the key), nor the server's mails.
const files = import.meta.glob<Catalog>(['../../../../packages/shared/locales/*/*.json', '!../../../../packages/shared/locales/en/*.json', '!../../../../packages/shared/locales/*/emails.json'], {
  import: 'default',
});

export async function fetchCatalog(locale: Locale, ns: string): Promise<Catalog> {
  const load = files[`../../../../packages/shared/locales/${locale}/${ns}.json`];
  if (!load) throw new Error(`No catalog ${locale}/${ns}.json`);
  return load();
}

const placeholder = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * A catalog's keys with `{{placeholders}}` as patterns: the key split at its placeholders (its
 * text at the even places, the names at the odd ones) and the key anchored, its text escaped and
 * each placeholder `(.+?)`. Only keys with 8 letters or more of their own: a fragment such as
 * `{{date}} at {{slot}}` would fit any sentence with ` at ` in it. The longest key comes first, as
 * the most specific: `Changes close {{hours}} hours before …` before `Changes close {{hours}}
 * before …`, `… Please call the clinic.` before `… Please call {{phone}}.`. Made once per catalog,
 * on its first text with no entry.
 */
const patterns = new WeakMap<Catalog, { key: string; parts: string[]; pattern: RegExp }[]>();

function patternsOf(catalog: Catalog) {
  let list = patterns.get(catalog);
  if (!list) {
    list = Object.keys(catalog)
      .filter(
        (key) => key.includes('{{') && key.replace(placeholder, '').replace(/\W/g, '').length >= 8,
      )
      .sort((a, b) => b.length - a.length)
      .map((key) => {
        const parts = key.split(placeholder);
        const source = parts
          .map((part, i) => (i % 2 ? '(.+?)' : part.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&')))
          .join('');
        return { key, parts, pattern: new RegExp(`^${source}$`) };
      });
    patterns.set(catalog, list);
  }
  return list;
}

/**
 * The translation of a text that arrived with values in it and has no entry of its own (the
 * server's `You are already on the waitlist for Fillings.`): that of the key it fits (`You are
 * already on the waitlist for {{treatment}}.`), filled with the values the text has there; none
 * when no key fits. Values that are English words of the message (`was cancelled`) are no values:
 * each wording is a key of its own.
 */
export function fitting(catalog: Catalog, english: string): string | undefined {
  for (const { key, parts, pattern } of patternsOf(catalog)) {
    const found = pattern.exec(english);
    if (found) {
      // The names are at the odd places of the key's parts, their values in the groups in that order.
      const values = new Map(parts.filter((_, i) => i % 2).map((name, i) => [name, found[i + 1]!]));
      return catalog[key]!.replace(placeholder, (whole, name: string) => values.get(name) ?? whole);
    }
  }
  return undefined;
}

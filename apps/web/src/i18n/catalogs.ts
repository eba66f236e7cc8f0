/**
 * The non-English catalogs, each its own small chunk, fetched the first time a page needs it
 * (catalog.ts). Kept out of the entry: its map of chunk names would grow with every namespace.
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

/**
 * Reading a catalog: `useT<typeof en>('common')` gives a `t(english, values?)` of that namespace in
 * the current language. The catalogs are i18next JSON with natural keys (the English text is the
 * key, `keySeparator: false`; `{{name}}` placeholders) in packages/shared/locales/<lng>/<ns>.json,
 * so translators and their tools edit them as in any i18next project; `en/<ns>.json` lists the
 * English texts (each its own translation) and types the keys. The web reads them with these few
 * lines instead of i18next: i18next and react-i18next are 19 KiB of gzip JavaScript, a fifth of
 * the landing page's budget, and English, as its own key, costs nothing at all: the spec's texts
 * stay in the code that shows them (decision 040). The other languages are fetched when first
 * needed (catalogs.ts); until one arrives its page reads English.
 */
import { useSyncExternalStore } from 'react';
import { currentLocale, useLocale, type Locale } from './locale.ts';

export type Catalog = Readonly<Record<string, string>>;
export type Values = Readonly<Record<string, string | number>>;
/** A namespace's `t`: only the English texts its `en` catalog lists are keys. */
export type Translate<C> = (english: Extract<keyof C, string>, values?: Values) => string;

// A namespace of a language: its catalog once here, the promise of it while it is fetched.
const catalogs = new Map<string, Catalog | Promise<void>>();
let version = 0;
const listeners = new Set<() => void>();
// The fallback for a text with values in it (catalogs.ts): it comes with the catalogs' chunk, so
// the landing page's entry carries no more of it than this.
let fitting: ((catalog: Catalog, english: string) => string | undefined) | undefined;

/** Fetches one namespace of one language (English is never fetched); a failure is retried later. */
export function loadCatalog(locale: Locale, ns: string): Promise<void> {
  const key = `${locale}/${ns}`;
  const known = catalogs.get(key);
  if (locale === 'en' || (known && !(known instanceof Promise))) return Promise.resolve();
  if (known) return known;
  const pending = import('./catalogs.ts')
    .then((chunk) => {
      fitting = chunk.fitting;
      return chunk.fetchCatalog(locale, ns);
    })
    .then(
      (catalog) => {
        catalogs.set(key, catalog);
        version++;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        catalogs.delete(key);
        throw error;
      },
    );
  catalogs.set(key, pending);
  return pending;
}

/** `{{name}}` replaced by its value (an unknown one is left as it is). */
export const fill = (text: string, values?: Values): string =>
  values ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(values[name] ?? whole)) : text;

/**
 * The text in the current language, English when this one has no catalog or no entry yet. A text
 * that arrives with values in it (a server's problem detail) and has no entry of its own takes the
 * translation of the `{{placeholder}}` key it fits, with its values (catalogs.ts `fitting`).
 */
export function translate(ns: string, english: string, values?: Values): string {
  const locale = currentLocale();
  if (locale === 'en') return fill(english, values);
  const catalog = catalogs.get(`${locale}/${ns}`);
  if (!catalog) void loadCatalog(locale, ns).catch(() => {});
  const loaded = catalog instanceof Promise ? undefined : catalog;
  return fill(loaded?.[english] || (loaded && fitting?.(loaded, english)) || english, values);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getVersion = () => version;

/**
 * A namespace's `t` in the current language; a component re-renders when the language changes or
 * its catalog arrives. A plural is chosen in English by the caller (`count === 1 ? a : b`), which
 * is also right for Spanish and German; a language with more forms would need i18next's suffixes.
 */
export function useT<C>(ns: string): Translate<C> {
  return useTranslate(ns);
}

/**
 * The same for a text that is not written in the code but arrives (a field's label, a validation
 * message, the server's problem detail): translated when the catalog has it, else as it came.
 */
export function useTranslate(ns: string): (english: string, values?: Values) => string {
  useLocale();
  useSyncExternalStore(subscribe, getVersion, getVersion);
  return (english, values) => translate(ns, english, values);
}

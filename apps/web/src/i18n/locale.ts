/**
 * The language the patient reads the portal in (practice-loop.md section 9, clinic-operations
 * 5.9), chosen in this order: `?lang=` in the address (then remembered), the account's `locale`
 * (account-locale.ts), the choice remembered in this browser, the browser's own languages, and
 * the clinic's DEFAULT_LOCALE. English is the spec's text. In the landing page's entry, so small.
 */
import { useSyncExternalStore } from 'react';
import { isLocale, type Locale } from '@clinic/shared';

export { LOCALES, isLocale, type Locale } from '@clinic/shared';

/** The first of a browser's language tags (`es-MX`, `de`) we have a catalog for. */
export const matchLocale = (tags: readonly string[]): Locale | undefined =>
  tags.map((tag) => tag.split('-')[0]!.toLowerCase()).find(isLocale);

/** `?lang=` of this address, when it names a language we have. */
export const askedInAddress = (): Locale | undefined => {
  const asked = new URLSearchParams(window.location.search).get('lang');
  return isLocale(asked) ? asked : undefined;
};

/** This browser's remembered choice, or remembers one; storage may be refused (private mode). */
function stored(locale?: Locale): string | null | undefined {
  try {
    if (!locale) return localStorage.getItem('locale');
    localStorage.setItem('locale', locale);
  } catch {
    // Not kept past this page; the choice still holds while it is open.
  }
  return locale;
}

let current: Locale = 'en';
/** Whether the visitor chose it (address, switcher, account) rather than the browser's languages. */
let chosen = false;
const listeners = new Set<() => void>();

function apply(locale: Locale) {
  current = locale;
  document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/** At start-up, before the first render: the address, this browser's choice, its languages. */
export function startLocale(): Locale {
  const kept = stored(askedInAddress()) ?? stored();
  chosen = isLocale(kept);
  apply(isLocale(kept) ? kept : (matchLocale(navigator.languages) ?? 'en'));
  return current;
}

export const currentLocale = (): Locale => current;
export const isLocaleChosen = (): boolean => chosen;

/** The visitor's choice (the switcher, the account's locale): remembered, and the page follows. */
export function chooseLocale(locale: Locale) {
  chosen = true;
  stored(locale);
  if (locale !== current) apply(locale);
}

/** The clinic's DEFAULT_LOCALE, for a visitor nothing else chose one for. */
export function defaultLocale(locale: Locale) {
  if (!chosen && !matchLocale(navigator.languages) && locale !== current) apply(locale);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The current language; a component re-renders when it changes. */
export const useLocale = (): Locale => useSyncExternalStore(subscribe, currentLocale, currentLocale);

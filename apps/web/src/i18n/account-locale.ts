/**
 * The account's language and this browser's choice kept in step (practice-loop.md section 9):
 * once the account is known, its `locale` wins over what this browser remembered (but not over
 * `?lang=` of this visit); an account with none takes the language the visitor reads in (unless
 * that is English by default), so its mails come in that language too. A chunk of its own,
 * fetched once someone is signed in (root-layout.tsx), not by every visitor of the landing page.
 */
import type { Me } from '@clinic/shared';
import { apiRequest } from '../lib/api-client.ts';
import { loadCatalog } from './catalog.ts';
import { askedInAddress, chooseLocale, currentLocale, isLocale, isLocaleChosen, type Locale } from './locale.ts';

/** Saves the account's language; a failure only means mails keep the old one, so it is quiet. */
export const saveToAccount = (locale: Locale) => apiRequest('/me', { method: 'PATCH', body: { locale } }).catch(() => {});

/**
 * Whether this server keeps an account's language: its `GET /api/me` says `locale` (null when
 * none is chosen). One that does not yet is not asked to save one on every page.
 */
export const keepsLocale = (account: NonNullable<Me>): boolean => 'locale' in account;

export function syncAccountLocale(account: NonNullable<Me>) {
  if (!keepsLocale(account)) return;
  const saved = account.locale;
  if (isLocale(saved) && !askedInAddress()) {
    if (saved !== currentLocale()) void loadCatalog(saved, 'common').finally(() => chooseLocale(saved));
  } else if (!isLocale(saved) && (isLocaleChosen() || currentLocale() !== 'en')) {
    void saveToAccount(currentLocale());
  }
}

/**
 * The footer's language switcher (practice-loop.md section 9): a native select, so a keyboard, a
 * screen reader and a phone each get their own familiar control. Each language is named in
 * itself. Its own chunk, fetched as the footer comes near the screen (the landing page's budget).
 */
import { useQueryClient } from '@tanstack/react-query';
import { meQueryKey, useMe } from '../features/auth/api/get-me.ts';
import { loadCatalog } from './catalog.ts';
import { useCommonT } from './common.ts';
import { keepsLocale, saveToAccount } from './account-locale.ts';
import { LOCALES, chooseLocale, isLocale, useLocale, type Locale } from './locale.ts';

const NAMES: Record<Locale, string> = { en: 'English', es: 'Español', de: 'Deutsch' };

export default function LanguageSwitcher() {
  const t = useCommonT();
  const locale = useLocale();
  const me = useMe();
  const client = useQueryClient();
  // The page changes once the language's common words are here, and a signed-in patient's
  // account follows, so the mails come in it too.
  const switchTo = async (next: Locale) => {
    await loadCatalog(next, 'common').catch(() => {});
    chooseLocale(next);
    if (me.data && keepsLocale(me.data)) {
      await saveToAccount(next);
      void client.invalidateQueries({ queryKey: meQueryKey });
    }
  };
  return (
    <label className="flex items-center gap-2 text-sm">
      <span>{t('Language')}</span>
      <select
        className="select select-sm w-auto"
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void switchTo(event.target.value);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

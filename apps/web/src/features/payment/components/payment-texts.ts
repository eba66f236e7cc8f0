/** The payment page's amounts, shared by its components and their tests. */
import { localMoney } from '../../../i18n/format.ts';
import type { Locale } from '../../../i18n/locale.ts';

/** Whole dollars as the spec shows prices (`$17`); cents, when there are any, as `$17.50`. */
export function formatDollars(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}

/** An amount in the reader's language: the spec's `$17` / `$17.50` in English, `17,00 US$` in Spanish. */
export function paymentAmount(locale: Locale, price: number): string {
  return locale === 'en' ? `$${formatDollars(price)}` : localMoney(locale, price);
}

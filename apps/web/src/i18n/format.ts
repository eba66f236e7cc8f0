/**
 * Dates, times and money in the reader's language (practice-loop.md section 9): through `Intl`
 * and the 24-hour clock for Spanish and German; English keeps the spec's own formats
 * (`Jun 5, 2022`, `08.00 AM - 08.30 AM`, `$20`) byte for byte. A slot is still sent to the API
 * as its label: only what is shown changes.
 */
import { clock24, parseDateInput, slotEndMinutes, slotStartMinutes } from '@clinic/shared';
import { mediumDateOf } from '../lib/medium-date.ts';
import { useLocale, type Locale } from './locale.ts';

/**
 * A date from the API (`2022-06-05`, possibly with a time after it) as the reader's language writes
 * it: `Jun 5, 2022`, `5 jun 2022`, `05.06.2022`; anything unparseable as it came.
 */
export function localDate(locale: Locale, value: string): string {
  if (locale === 'en') return mediumDateOf(value);
  const iso = parseDateInput(value.slice(0, 10));
  // A calendar day, not an instant: read and written in UTC so no zone moves it.
  return iso ? formatOf(`d${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })).format(new Date(`${iso}T00:00:00Z`)) : value;
}

// Building an Intl format costs far more than using one (a list of cards formats many): one each, kept.
const formats = new Map<string, { format(value: number | Date): string }>();
export const formatOf = <F extends { format(value: number | Date): string }>(key: string, make: () => F): F => {
  let known = formats.get(key) as F | undefined;
  if (!known) formats.set(key, (known = make()));
  return known;
};

/** Dollars as the reader's language writes them: `$20` (the spec's 'price: $20'), `20,00 US$`, `20,00 $`. */
export function localMoney(locale: Locale, dollars: number): string {
  if (locale === 'en') return `$${dollars}`;
  return formatOf(`m${locale}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' })).format(dollars);
}

/** A slot as the reader's language writes it: `08.00 AM - 08.30 AM` (the spec's), `08:00–08:30`. */
export function localSlot(locale: Locale, slot: string): string {
  if (locale === 'en') return slot;
  const [start, end] = [slotStartMinutes(slot), slotEndMinutes(slot)];
  return start === null || end === null ? slot : `${clock24(start)}–${clock24(end)}`;
}

/** All three, in the current language; a component re-renders when it changes. */
export function useLocalFormat() {
  const locale = useLocale();
  return {
    date: (value: string) => localDate(locale, value),
    money: (dollars: number) => localMoney(locale, dollars),
    slot: (slot: string) => localSlot(locale, slot),
  };
}

/**
 * The `visits` namespace: one of the patient's appointments (its facts, history, cancelling and
 * moving it) and My History. Fetched the first time one of those pages is shown in another
 * language than English. Besides `t`, the words and formats the appointment texts build outside
 * React, at this moment's language: English keeps its own formats byte for byte.
 */
import type en from '@clinic/shared/locales/en/visits.json';
import { instantLabel } from '../lib/instants.tsx';
import { translate, useT, useTranslate, type Values } from './catalog.ts';
import { localDate, localMoney, localSlot } from './format.ts';
import { currentLocale } from './locale.ts';

export type VisitsText = Extract<keyof typeof en, string>;

export const useVisitsT = () => useT<typeof en>('visits');

/** For a text that arrives (a validation message, the server's refusal): see useTranslate. */
export const useVisitsText = () => useTranslate('visits');

/** Outside React (a toast raised in a callback, a text built by a helper), at this moment's language. */
export const visitsText = (english: VisitsText, values?: Values) =>
  translate('visits', english, values);

/** The server's refusal, outside React, at this moment's language: see useTranslate. */
export const visitsDetail = (english: string) => translate('visits', english);

/** Dollars: `$17`, `$17.50` in English (the spec's prices), `17,50 US$`, `17,50 $` otherwise. */
export function visitMoney(amount: number): string {
  const locale = currentLocale();
  if (locale === 'en') return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
  return localMoney(locale, amount);
}

/** A booking's day in this moment's language: `Jun 5, 2022`, `5 jun 2022`, `05.06.2022`. */
export const visitDate = (value: string): string => localDate(currentLocale(), value);

/** A slot in this moment's language: `08.00 AM - 08.30 AM`, `08:00–08:30`. */
export const visitSlot = (slot: string): string => localSlot(currentLocale(), slot);

/**
 * An instant in the clinic's zone: `Nov 28, 2026, 10.00 AM` in English (instants.tsx), the
 * language's medium date and 24-hour clock otherwise.
 */
export function visitInstant(iso: string, timeZone?: string): string {
  const locale = currentLocale();
  const time = Date.parse(iso);
  if (locale === 'en' || Number.isNaN(time)) return instantLabel(iso, timeZone);
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone || undefined }).format(time);
  } catch {
    // A zone this browser does not know: its own zone still says the instant correctly.
    return new Intl.DateTimeFormat(locale, options).format(time);
  }
}

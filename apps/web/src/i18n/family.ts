/**
 * The `family` namespace: the patient's My Family and My Waitlist pages (their headings, cards,
 * dialogs and toasts). Fetched the first time one of them is shown in another language than English.
 */
import type en from '@clinic/shared/locales/en/family.json';
import { translate, useT, useTranslate, type Values } from './catalog.ts';

export const useFamilyT = () => useT<typeof en>('family');

/** For a text that arrives (a validation message, the server's refusal): see useTranslate. */
export const useFamilyText = () => useTranslate('family');

/** Outside React (a toast raised in a callback), at this moment's language. */
export const familyText = (english: Extract<keyof typeof en, string>, values?: Values) =>
  translate('family', english, values);

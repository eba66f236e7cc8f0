/**
 * The `forms` namespace: the patient's My Forms page (the medical history's statuses, pages and
 * signature, the consents of upcoming visits, their toasts, and the server's refusals of an
 * answer or a signature). The clinic's own questions and consent texts are its data and are shown
 * as they come. Fetched the first time the page is shown in another language than English.
 */
import type en from '@clinic/shared/locales/en/forms.json';
import { translate, useT, useTranslate, type Values } from './catalog.ts';

export const useFormsT = () => useT<typeof en>('forms');

/** For a text that arrives (a validation message, the server's refusal): see useTranslate. */
export const useFormsText = () => useTranslate('forms');

/** Outside React (a toast raised in a callback), at this moment's language. */
export const formsText = (english: Extract<keyof typeof en, string>, values?: Values) =>
  translate('forms', english, values);

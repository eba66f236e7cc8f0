/**
 * The `app` namespace: every patient-facing page but the landing page (forms and their
 * validation messages, sign-up and login, booking, toasts, the server's problem details). One
 * namespace, fetched once by a visitor who reads another language than English.
 */
import type en from '@clinic/shared/locales/en/app.json';
import { translate, useT, useTranslate, type Values } from './catalog.ts';

export const useAppT = () => useT<typeof en>('app');

/** For a text that arrives (a label, a validation message, a problem detail): see useTranslate. */
export const useAppText = () => useTranslate('app');

/** Outside React (a toast raised in a callback), at this moment's language. */
export const appText = (english: string, values?: Values) => translate('app', english, values);

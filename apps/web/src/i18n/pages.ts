/**
 * The `pages` namespace: the pages a patient reaches from a mail or a wrong address (forgot and
 * reset password, the email confirmation's result, the 404 page).
 */
import type en from '@clinic/shared/locales/en/pages.json';
import { translate, useT, type Values } from './catalog.ts';

export const usePagesT = () => useT<typeof en>('pages');

/** Outside React (a toast raised in a callback), at this moment's language. */
export const pagesText = (english: Extract<keyof typeof en, string>, values?: Values) =>
  translate('pages', english, values);

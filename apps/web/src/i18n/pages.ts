/**
 * The `pages` namespace: the pages a patient reaches from a mail or a wrong address (forgot and
 * reset password, the email confirmation's result, the 404 page) and the public pages' own words
 * (About, Privacy policy, Terms of use, Contact Us, Reviews), not the clinic's texts shown there.
 */
import type en from '@clinic/shared/locales/en/pages.json';
import { translate, useT, useTranslate, type Values } from './catalog.ts';

export const usePagesT = () => useT<typeof en>('pages');

/** For a text that arrives (the server's problem detail): see useTranslate. */
export const usePagesText = () => useTranslate('pages');

/** Outside React (a toast raised in a callback), at this moment's language. */
export const pagesText = (english: Extract<keyof typeof en, string>, values?: Values) =>
  translate('pages', english, values);

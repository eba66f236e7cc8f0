/**
 * The `account` namespace: the patient's Profile page (name and phone, reminders, the data
 * export, deleting the account). A namespace of its own, fetched when that page is first read in
 * another language than English.
 */
import type en from '@clinic/shared/locales/en/account.json';
import { translate, useT, useTranslate, type Values } from './catalog.ts';

export const useAccountT = () => useT<typeof en>('account');

/** For a text that arrives (the server's problem detail): see useTranslate. */
export const useAccountText = () => useTranslate('account');

/** Outside React (a toast raised in a callback), at this moment's language. */
export const accountText = (english: string, values?: Values) =>
  translate('account', english, values);

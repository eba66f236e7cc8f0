/**
 * The `security` namespace: the patient's Security page (two-step sign-in: turning it on with the
 * QR code, the setup key and the backup codes, new backup codes, turning it off, their toasts)
 * and the code step of a sign-in, with their validation messages and the server's refusals of a
 * password or a code. Fetched the first time one of them is shown in another language than English.
 */
import type en from '@clinic/shared/locales/en/security.json';
import { translate, useT, useTranslate, type Values } from './catalog.ts';

export const useSecurityT = () => useT<typeof en>('security');

/** For a text that arrives (a validation message, the server's refusal): see useTranslate. */
export const useSecurityText = () => useTranslate('security');

/** Outside React (a toast raised in a callback, the backup codes' file), at this moment's language. */
export const securityText = (english: Extract<keyof typeof en, string>, values?: Values) =>
  translate('security', english, values);

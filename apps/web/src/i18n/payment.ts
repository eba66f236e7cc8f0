/**
 * The `payment` namespace: the patient's payment page (the greeting, the amount, the card forms,
 * their validation messages and the server's refusals of a payment). Fetched the first time the
 * page is shown in another language than English.
 */
import type en from '@clinic/shared/locales/en/payment.json';
import { translate, useT, useTranslate, type Values } from './catalog.ts';

export const usePaymentT = () => useT<typeof en>('payment');

/** For a text that arrives (a validation message, the server's refusal): see useTranslate. */
export const usePaymentText = () => useTranslate('payment');

/** Outside React (a toast raised in a callback), at this moment's language. */
export const paymentText = (english: Extract<keyof typeof en, string>, values?: Values) =>
  translate('payment', english, values);

/**
 * The `reviews` namespace: the patient's My Reviews page (the visits to review, the patient's own
 * reviews and their statuses, the dialogs to write, edit and withdraw one, their toasts, the
 * form's validation messages and the server's refusals of a review). Fetched the first time the
 * page is shown in another language than English.
 */
import type en from '@clinic/shared/locales/en/reviews.json';
import { translate, useT, useTranslate, type Values } from './catalog.ts';

export const useReviewsT = () => useT<typeof en>('reviews');

/** For a text that arrives (a validation message, the server's refusal): see useTranslate. */
export const useReviewsText = () => useTranslate('reviews');

/** Outside React (a toast raised in a callback), at this moment's language. */
export const reviewsText = (english: Extract<keyof typeof en, string>, values?: Values) =>
  translate('reviews', english, values);

/**
 * The `links` namespace: the pages behind a link in a message (`/l/:token`): confirming, moving,
 * cancelling or checking in for an appointment, booking the check-up a recall is about, the
 * invitations about a family member, and the screens of a link that cannot act. Fetched the first
 * time such a page is shown in another language than English.
 */
import type en from '@clinic/shared/locales/en/links.json';
import { useT, useTranslate } from './catalog.ts';

export type LinksText = Extract<keyof typeof en, string>;

export const useLinksT = () => useT<typeof en>('links');

/** For a text that arrives (a validation message, the server's refusal): see useTranslate. */
export const useLinksText = () => useTranslate('links');

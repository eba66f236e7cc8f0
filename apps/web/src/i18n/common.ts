/** The `common` namespace: the navbar, the footer and the landing page, in the entry. */
import type en from '@clinic/shared/locales/en/common.json';
import { useT, useTranslate } from './catalog.ts';

export const useCommonT = () => useT<typeof en>('common');

/** For the landing page's texts that come as data (the service cards): see useTranslate. */
export const useCommonText = () => useTranslate('common');

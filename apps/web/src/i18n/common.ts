/** The `common` namespace: the navbar, the footer and the landing page, in the entry. */
import type en from '@clinic/shared/locales/en/common.json';
import { useT } from './catalog.ts';

export const useCommonT = () => useT<typeof en>('common');

/**
 * The clinic's DEFAULT_LOCALE (`GET /api/config`), for a visitor nothing else chose a language
 * for: no `?lang=`, no choice kept in this browser, and no browser language we have. A chunk of
 * its own, fetched only then (main.tsx): an English, Spanish or German browser never asks.
 */
import { getConfig } from '../lib/client-config.ts';
import { loadCatalog } from './catalog.ts';
import { defaultLocale, isLocale } from './locale.ts';

export async function applyClinicDefault(): Promise<void> {
  const wanted = (await getConfig()).defaultLocale;
  if (!isLocale(wanted) || wanted === 'en') return;
  // Its common words first, so the first paint is in that language, not English for a moment.
  await loadCatalog(wanted, 'common');
  defaultLocale(wanted);
}

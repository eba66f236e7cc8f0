/**
 * The clinic's DEFAULT_LOCALE: taken by a visitor nothing else chose a language for, never over
 * a choice or a browser language we have; English or a failed request leaves English.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyClinicDefault } from './clinic-default.ts';
import { chooseLocale, currentLocale, startLocale } from './locale.ts';

const config = vi.hoisted(() => ({ defaultLocale: 'de' as string | undefined, fails: false }));
vi.mock('../lib/client-config.ts', () => ({
  getConfig: async () => {
    if (config.fails) throw new Error('offline');
    return { googleSignIn: false, defaultLocale: config.defaultLocale };
  },
}));
vi.mock('./catalog.ts', () => ({ loadCatalog: async () => ({}) }));

function visit(languages: readonly string[]) {
  window.history.replaceState(null, '', '/');
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  return startLocale();
}

afterEach(() => {
  vi.restoreAllMocks();
  chooseLocale('en');
  localStorage.clear();
  config.defaultLocale = 'de';
  config.fails = false;
});

describe('applyClinicDefault', () => {
  it('gives a French browser the clinic’s German, without remembering it as a choice', async () => {
    expect(visit(['fr-FR', 'it'])).toBe('en');
    await applyClinicDefault();
    expect(currentLocale()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('locale')).toBeNull();
  });

  it('never overrides a browser language we have, or a choice', async () => {
    visit(['en-US']);
    await applyClinicDefault();
    expect(currentLocale()).toBe('en');
    localStorage.setItem('locale', 'es');
    visit(['fr']);
    await applyClinicDefault();
    expect(currentLocale()).toBe('es');
  });

  it('leaves English for an English default, an older server or a failed request', async () => {
    for (const setting of ['en', undefined, 'fr']) {
      config.defaultLocale = setting;
      visit(['fr']);
      await applyClinicDefault();
      expect(currentLocale()).toBe('en');
    }
    config.fails = true;
    visit(['fr']);
    await expect(applyClinicDefault()).rejects.toThrow('offline');
    expect(currentLocale()).toBe('en');
  });
});

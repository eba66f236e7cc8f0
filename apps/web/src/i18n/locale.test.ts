import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLocale, currentLocale, isLocaleChosen, matchLocale, startLocale } from './locale.ts';

function visit(search: string, languages: readonly string[]) {
  window.history.replaceState(null, '', `/${search}`);
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
  chooseLocale('en');
  localStorage.clear();
});

describe('matchLocale', () => {
  it("takes the first tag we have a catalog for, by its language only", () => {
    expect(matchLocale(['fr-FR', 'es-MX', 'de'])).toBe('es');
    expect(matchLocale(['DE-at'])).toBe('de');
    expect(matchLocale(['fr', 'it'])).toBeUndefined();
    expect(matchLocale([])).toBeUndefined();
  });
});

describe('the order of the choice', () => {
  it('?lang= first, and it is remembered for the next visit', () => {
    localStorage.setItem('locale', 'de');
    visit('?lang=es', ['de-DE']);
    expect(startLocale()).toBe('es');
    expect(isLocaleChosen()).toBe(true);
    expect(localStorage.getItem('locale')).toBe('es');
  });

  it('then the choice this browser remembers, then the browser’s languages, then English', () => {
    visit('?lang=fr', ['es-ES']);
    localStorage.setItem('locale', 'de');
    expect(startLocale()).toBe('de');
    expect(isLocaleChosen()).toBe(true);
    localStorage.clear();
    expect(startLocale()).toBe('es');
    expect(isLocaleChosen()).toBe(false);
    visit('', ['fr-FR', 'it']);
    expect(startLocale()).toBe('en');
  });

  it('sets <html lang> at start and on every choice', () => {
    visit('', ['de-CH']);
    expect(startLocale()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    chooseLocale('es');
    expect(currentLocale()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('locale')).toBe('es');
  });
});

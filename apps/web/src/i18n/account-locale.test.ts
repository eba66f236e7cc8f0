import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, patient } from '../test/utils.tsx';
import { syncAccountLocale } from './account-locale.ts';
import { chooseLocale, currentLocale, startLocale } from './locale.ts';

afterEach(() => {
  chooseLocale('en');
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

const account = (locale: string | null) => ({ ...patient, locale }) as unknown as Parameters<typeof syncAccountLocale>[0];

describe("the account's language", () => {
  it("wins over this browser's remembered choice once the account is known", async () => {
    localStorage.setItem('locale', 'es');
    startLocale();
    syncAccountLocale(account('de'));
    await vi.waitFor(() => expect(currentLocale()).toBe('de'));
    expect(localStorage.getItem('locale')).toBe('de');
  });

  it('but not over ?lang= of this visit', async () => {
    window.history.replaceState(null, '', '/?lang=es');
    startLocale();
    syncAccountLocale(account('de'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(currentLocale()).toBe('es');
  });

  it('an account without one takes the language the visitor chose, so mails follow it', async () => {
    const { calls } = mockFetch({ 'PATCH /api/me': () => json({ user: { ...patient, locale: 'es' } }) });
    chooseLocale('es');
    syncAccountLocale(account(null));
    await vi.waitFor(() => expect(calls).toEqual([expect.objectContaining({ method: 'PATCH', path: '/api/me', body: { locale: 'es' } })]));
  });

  it('and an English visitor by default leaves it unset (the clinic’s DEFAULT_LOCALE decides)', async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    const { calls } = mockFetch({});
    startLocale();
    syncAccountLocale(account(null));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('asks nothing of a server that does not keep languages yet (no locale in GET /api/me)', async () => {
    const { calls } = mockFetch({});
    chooseLocale('es');
    syncAccountLocale({ ...patient } as unknown as Parameters<typeof syncAccountLocale>[0]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });
});

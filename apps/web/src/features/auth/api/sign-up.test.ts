import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch, patient } from '../../../test/utils.tsx';
import { chooseLocale } from '../../../i18n/locale.ts';
import { signUpWithEmail } from './sign-up.ts';

afterEach(() => {
  chooseLocale('en');
  localStorage.clear();
});

describe('signUpWithEmail', () => {
  it("tells the server the language the page is read in, so the new account's mails come in it", async () => {
    const { calls } = mockFetch({ 'POST /api/auth/sign-up/email': () => json({ user: patient }) });
    chooseLocale('de');
    await signUpWithEmail({ name: 'Ana', email: 'Ana@Example.com', password: 'secret123' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('accept-language')).toBe('de');
    expect(calls[0]!.body).toEqual({ name: 'Ana', email: 'ana@example.com', password: 'secret123' });
  });
});

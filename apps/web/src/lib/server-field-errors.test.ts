import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { hasServerFieldError, setServerFieldErrors } from './server-field-errors.ts';

type Form = { email: string; photo: unknown };

const badInput = (errors: Record<string, string[]>) =>
  new ApiError({ status: 400, title: 'Invalid input', code: 'validation_failed', errors });

describe('setServerFieldErrors', () => {
  it("puts each field's first message on the form field, focusing unless told not to", () => {
    const setError = vi.fn();
    const error = badInput({ email: ['Taken', 'Also bad'], unknown: ['Not shown'] });

    expect(setServerFieldErrors<Form>(setError, error, ['email'])).toBe(true);
    expect(setError).toHaveBeenCalledExactlyOnceWith(
      'email',
      { type: 'server', message: 'Taken' },
      { shouldFocus: true },
    );

    setError.mockClear();
    setServerFieldErrors<Form>(setError, error, ['email'], { shouldFocus: false });
    expect(setError).toHaveBeenCalledWith('email', expect.anything(), { shouldFocus: false });
  });

  it("maps the server's names onto the form's, the first message of a field winning", () => {
    const setError = vi.fn();
    const error = badInput({ image: ['Too large'], img: ['Not an image'] });

    expect(setServerFieldErrors<Form>(setError, error, { image: 'photo', img: 'photo' })).toBe(
      true,
    );
    expect(setError).toHaveBeenCalledExactlyOnceWith(
      'photo',
      { type: 'server', message: 'Too large' },
      { shouldFocus: true },
    );
  });

  it('sets nothing, and says so, for other failures and for fields the form does not show', () => {
    const setError = vi.fn();
    expect(setServerFieldErrors<Form>(setError, new TypeError('Failed to fetch'), ['email'])).toBe(
      false,
    );
    expect(setServerFieldErrors<Form>(setError, badInput({ phone: ['Bad'] }), ['email'])).toBe(
      false,
    );
    expect(setServerFieldErrors<Form>(setError, badInput({ email: [] }), ['email'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('hasServerFieldError', () => {
  it('tells whether the server gave a message for one of the fields', () => {
    expect(hasServerFieldError(badInput({ password: ['Too common'] }), ['password'])).toBe(true);
    expect(hasServerFieldError(badInput({ email: ['Taken'] }), ['password', 'newPassword'])).toBe(
      false,
    );
    expect(hasServerFieldError(new Error('offline'), ['password'])).toBe(false);
  });
});

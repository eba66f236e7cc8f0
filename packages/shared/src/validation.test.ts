import { describe, expect, it } from 'vitest';
import { contactFormSchema, fitName, loginFormSchema, nameSchema, registerFormSchema, serverEmailSchema } from './validation.ts';

const firstMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('login and sign-up rules (spec section 5)', () => {
  it.each([
    ['', 'Email is Required'],
    ['not-an-email', 'Provide a valid Email'],
    ['ANN@EXAMPLE.COM', 'Provide a valid Email'], // the spec's pattern is lowercase
    ['ann@example.c', 'Provide a valid Email'],
  ])('email %j -> %s', (email, message) => {
    expect(firstMessages(loginFormSchema.safeParse({ email, password: 'secret1' })).email).toBe(message);
  });

  it.each(['ann@example.com', 'a1@mail.io', 'john.doe@mail.example.info'])('accepts %s', (email) => {
    expect(loginFormSchema.safeParse({ email, password: 'secret1' }).success).toBe(true);
  });

  it('requires a password of six characters or more', () => {
    expect(firstMessages(loginFormSchema.safeParse({ email: 'a@b.co', password: '' })).password).toBe('Password is Required');
    expect(firstMessages(loginFormSchema.safeParse({ email: 'a@b.co', password: '12345' })).password).toBe(
      'Must be six character or longer',
    );
    expect(loginFormSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
  });

  it('requires a name on sign-up', () => {
    expect(firstMessages(registerFormSchema.safeParse({ name: ' ', email: 'a@b.co', password: '123456' })).name).toBe(
      'Name is Required',
    );
  });
});

describe('server email check', () => {
  it('lowercases and trims', () => {
    expect(serverEmailSchema.parse('  Ann.Lee@Example.COM ')).toBe('ann.lee@example.com');
  });
  it('refuses what is not an address', () => {
    expect(serverEmailSchema.safeParse('ann@').success).toBe(false);
  });
});

describe('contact form', () => {
  it('requires every field', () => {
    expect(firstMessages(contactFormSchema.safeParse({ email: '', subject: '', message: '' }))).toEqual({
      email: 'Email is Required',
      subject: 'Subject is Required',
      message: 'Message is Required',
    });
  });
});

describe('the name rule', () => {
  it('trims and keeps a name of 1 to 100 characters', () => {
    expect(nameSchema.parse('  Ann Lee  ')).toBe('Ann Lee');
    expect(nameSchema.parse('x'.repeat(100))).toBe('x'.repeat(100));
  });

  it.each([
    ['', 'Name is Required'],
    ['   ', 'Name is Required'],
    ['x'.repeat(101), 'Must be 100 characters or shorter'],
    ['Ann\u0000Lee', 'Must not contain control characters'],
    ['Ann\nLee', 'Must not contain control characters'],
    ['Ann\u009bLee', 'Must not contain control characters'],
  ])('refuses %j: %s', (name, message) => {
    expect(nameSchema.safeParse(name).error?.issues[0]?.message).toBe(message);
  });

  it('fits a provider name to the rule instead of refusing it', () => {
    expect(fitName('  Gina\u0000\n Lopez ', 'fallback')).toBe('Gina Lopez');
    expect(fitName('y'.repeat(200_000), 'fallback')).toBe('y'.repeat(100));
    // Cut at a whole character, never half a surrogate pair.
    const fitted = fitName('\u{1F600}'.repeat(80), 'fallback');
    expect(fitted).toBe('\u{1F600}'.repeat(50));
    expect(nameSchema.safeParse(fitted).success).toBe(true);
    expect(fitName('\u0000\u0001', 'gina')).toBe('gina');
    expect(fitName(undefined, 'gina')).toBe('gina');
  });
});

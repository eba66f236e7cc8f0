import { describe, expect, it } from 'vitest';
import { contactFormSchema, loginFormSchema, registerFormSchema, serverEmailSchema } from './validation.ts';

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

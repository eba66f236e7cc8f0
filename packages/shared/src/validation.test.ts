import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './account.ts';
import { adminBookingRequestSchema, adminCancelRequestSchema } from './appointments.ts';
import { cancelRequestSchema } from './booking.ts';
import { scheduleExceptionRequestSchema, treatmentCreateSchema, treatmentUpdateSchema } from './schedule.ts';
import {
  contactFormSchema, e164Of, fitName, loginFormSchema, nameSchema, phoneSchema, registerFormSchema, replaceControlCharacters, serverEmailSchema,
} from './validation.ts';
import { waitlistClaimSchema } from './waitlist.ts';

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

describe('one-line texts: phones, treatment names and reasons refuse control characters', () => {
  const INJECTIONS = ['a\r\nBcc: x@evil.com', 'Cleaning\rX-Evil: 1', 'tab\there', 'nul\u0000', 'csi\u009b', 'del\u007f'];

  it.each(INJECTIONS)('phone %j is refused wherever a phone is accepted', (phone) => {
    expect(phoneSchema.safeParse(phone).error?.issues[0]?.message).toBe('Must not contain control characters');
    expect(profileUpdateSchema.safeParse({ phone }).success).toBe(false);
    expect(waitlistClaimSchema.safeParse({ phone }).success).toBe(false);
    const patient = { email: 'ann@example.com', phone };
    const booking = { treatmentId: '00000000-0000-4000-8000-000000000000', date: '2030-06-10', slot: '09.00 AM - 09.30 AM' };
    expect(adminBookingRequestSchema.safeParse({ ...booking, patient }).success).toBe(false);
  });

  it('keeps a phone as patients write it, trimmed', () => {
    expect(phoneSchema.parse('  +1 (555) 010-0100 ext. 7 ')).toBe('+1 (555) 010-0100 ext. 7');
    expect(phoneSchema.parse('')).toBe('');
  });

  it.each(INJECTIONS)('treatment name %j is refused on create and update', (name) => {
    expect(treatmentCreateSchema.safeParse({ name, price: 10 }).error?.issues).toEqual([
      expect.objectContaining({ path: ['name'], message: 'Must not contain control characters' }),
    ]);
    expect(treatmentUpdateSchema.safeParse({ name }).success).toBe(false);
  });

  it('refuses a front-desk patient name with a control character, as the name rule does', () => {
    const booking = { treatmentId: '00000000-0000-4000-8000-000000000000', date: '2030-06-10', slot: '09.00 AM - 09.30 AM' };
    expect(adminBookingRequestSchema.safeParse({ ...booking, patient: { email: 'ann@example.com', name: 'Ann\rLee' } }).success).toBe(false);
    expect(adminBookingRequestSchema.safeParse({ ...booking, patient: { email: 'ann@example.com', name: 'Ann Lee' } }).success).toBe(true);
  });

  it.each(['tab\there', 'nul\u0000', 'csi\u009b', 'del\u007f', 'esc\u001b[31m', 'vt\u000bff\u000c'])(
    'reason %j is refused: the patient\'s and the clinic\'s cancel, a closure',
    (reason) => {
      const message = 'A reason must not contain control characters';
      expect(cancelRequestSchema.safeParse({ reason }).error?.issues[0]?.message).toBe(message);
      expect(adminCancelRequestSchema.safeParse({ reason }).error?.issues[0]?.message).toBe(message);
      const closure = { dateFrom: '2030-06-10', dateTo: '2030-06-10', kind: 'closed', reason };
      expect(scheduleExceptionRequestSchema.safeParse(closure).error?.issues[0]).toMatchObject({ path: ['reason'], message });
    },
  );

  it('keeps a reason\'s line breaks (it is written in a text area), stored as \\n', () => {
    expect(cancelRequestSchema.parse({ reason: 'Moving away.\r\nThanks for everything' })).toEqual({ reason: 'Moving away.\nThanks for everything' });
    expect(adminCancelRequestSchema.parse({ reason: 'Dr Lee is ill.\rSorry' }).reason).toBe('Dr Lee is ill.\nSorry');
  });

  it('keeps the reasons\' other rules and wording', () => {
    expect(adminCancelRequestSchema.safeParse({ reason: ' ' }).error?.issues[0]?.message).toBe('Give a reason');
    expect(cancelRequestSchema.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0]?.message).toBe('A reason has at most 500 characters');
    expect(cancelRequestSchema.parse({})).toEqual({});
    expect(cancelRequestSchema.parse({ reason: ' Feeling better, thanks ' })).toEqual({ reason: 'Feeling better, thanks' });
  });

  it('replaces runs of control characters with one space (for texts that cannot be refused, like a stored subject)', () => {
    expect(replaceControlCharacters('a\r\nBcc: x\u0000\u009by')).toBe('a Bcc: x y');
    expect(replaceControlCharacters('plain text')).toBe('plain text');
  });
});

describe('e164Of', () => {
  it('reads a phone written with the usual separators as E.164, and nothing else', () => {
    expect(e164Of('+1 (415) 555-0100')).toBe('+14155550100');
    expect(e164Of('+44 20.7946.0958')).toBe('+442079460958');
    expect(e164Of('0415 555 0100')).toBeNull();
    expect(e164Of('+1 555 CALL')).toBeNull();
    expect(e164Of('+0 415 555 0100')).toBeNull();
    expect(e164Of('+12345')).toBeNull();
  });
});

import { z } from 'zod';
import { messages } from './messages.ts';

export const PASSWORD_MIN_LENGTH = 6;

/**
 * The spec's email pattern: lowercase letters or digits, @, lowercase letters, a dot and
 * 2-3 letters. Like the original it is *searched for* in the address, not matched against the
 * whole of it (DESIGN.md section 6), so `john.doe@mail.example.info` passes the form.
 */
export const SPEC_EMAIL_PATTERN = /[a-z0-9]+@[a-z]+\.[a-z]{2,3}/;

/** Form rule: required, then the spec's pattern. Lowercased before it is sent. */
export const formEmailSchema = z
  .string()
  .trim()
  .min(1, { message: messages.emailRequired, abort: true })
  .regex(SPEC_EMAIL_PATTERN, messages.emailInvalid);

export const passwordSchema = z
  .string()
  .min(1, { message: messages.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { message: messages.passwordTooShort, abort: true })
  // Hashing cost grows with length; no human password needs more.
  .max(128, 'Must be 128 characters or shorter');

export const NAME_MAX_LENGTH = 100;

/**
 * C0 and C1 control characters (NUL, tab, newline, escape, DEL, ...): never part of a one-line
 * text. A CR or LF in a value that reaches a mail header or a calendar file starts a new one.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

/** Whether a text holds a control character (the rule names, phones and reasons share). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** Every run of control characters made one space: for text that must stay on one line (a mail subject). */
export function replaceControlCharacters(text: string, replacement = ' '): string {
  return text.replace(new RegExp(`${CONTROL_CHARACTERS.source}+`, 'g'), replacement);
}

/**
 * The one-line rule as a schema step: a name, a phone, a treatment's name or a reason that
 * holds a control character is refused (never cleaned silently: the writer sees why).
 */
export function oneLine<T extends z.ZodType<string>>(schema: T, message = CONTROL_CHARACTERS_MESSAGE) {
  return schema.refine((text) => !hasControlCharacters(text), message);
}

/**
 * The one rule for a person's or a doctor's name, wherever a name is written: the forms, the
 * API routes and every path of the identity provider (sign-up, profile updates).
 */
export const nameSchema = z
  .string()
  .trim()
  .min(1, { message: messages.nameRequired, abort: true })
  .max(NAME_MAX_LENGTH, `Must be ${NAME_MAX_LENGTH} characters or shorter`)
  .refine((name) => !hasControlCharacters(name), CONTROL_CHARACTERS_MESSAGE);

/**
 * A name from somewhere we cannot send back an error (an OAuth provider's profile): made to fit
 * the rule rather than refused. Control characters become spaces, runs of spaces one, and a name
 * too long is cut at a whole character; nothing usable left gives `fallback`.
 */
export function fitName(raw: unknown, fallback: string): string {
  const cleaned = typeof raw === 'string'
    ? replaceControlCharacters(raw).replace(/\s+/g, ' ').trim()
    : '';
  let clipped = '';
  for (const character of cleaned) {
    if (clipped.length + character.length > NAME_MAX_LENGTH) break;
    clipped += character;
  }
  clipped = clipped.trim();
  return clipped.length > 0 ? clipped : fallback;
}

/**
 * A phone number as the patient writes it: free text, trimmed, at most 40 characters, on one
 * line (it is shown in mails, the front desk's CSV and the export).
 */
export const phoneSchema = oneLine(z.string().trim().max(40, 'Phone must be 40 characters or shorter'));

/** A phone number in E.164 (`+14155550123`): what text messages are sent to. */
export const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * A phone as the patient wrote it, in E.164 when it is one once the usual separators (spaces,
 * dashes, dots, brackets) are gone; null when it is not (no leading +, letters, too short).
 */
export function e164Of(phone: string): string | null {
  const compact = phone.replace(/[\s\-.()]/g, '');
  return E164.test(compact) ? compact : null;
}

/** Control characters other than line breaks: what a text written in a text area must not hold. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const REASON_CONTROL_CHARACTERS_MESSAGE = 'A reason must not contain control characters';

/**
 * Why something was cancelled or closed, as staff or the patient write it in a text area:
 * trimmed, at most `max` characters. Line breaks are the writer's (kept, as `\n`: the reason
 * goes into mail bodies and the history, never into a header, and a calendar file escapes it);
 * any other control character is refused.
 */
export function reasonSchema(max: number, required?: { message: string }) {
  const text = z.string().trim();
  return (required ? text.min(1, required.message) : text)
    .max(max, `A reason has at most ${max} characters`)
    .refine((reason) => !CONTROL_CHARACTERS_BUT_LINE_BREAKS.test(reason), REASON_CONTROL_CHARACTERS_MESSAGE)
    .transform((reason) => reason.replace(/\r\n?/g, '\n'));
}

export const loginFormSchema = z.object({ email: formEmailSchema, password: passwordSchema });
export type LoginForm = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z.object({
  name: nameSchema,
  email: formEmailSchema,
  password: passwordSchema,
});
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** Server-side address check, applied after the form's: a standard email, stored lowercased. */
export const serverEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: messages.emailInvalid }).max(254));

export const contactFormSchema = z.object({
  email: z.string().trim().min(1, { message: messages.emailRequired, abort: true }).pipe(z.email(messages.emailInvalid)),
  subject: z.string().trim().min(1, { message: messages.subjectRequired, abort: true }).max(200),
  message: z.string().trim().min(1, { message: messages.messageRequired, abort: true }).max(5000),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

/** A record's id as the API hands it out (a UUID). */
export const uuidSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Not a valid id');

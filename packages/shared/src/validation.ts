import { z } from 'zod';
import { messages } from './texts.ts';

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

export const nameSchema = z.string().trim().min(1, { message: messages.nameRequired, abort: true }).max(100);

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

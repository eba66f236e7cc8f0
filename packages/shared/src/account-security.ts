/** The profile's sign-in section: changing the password and the list of signed-in sessions. */
import { z } from 'zod';
import { passwordResetTexts } from './password-reset.ts';
import { formEmailSchema, passwordSchema } from './validation.ts';

export const accountSecurityTexts = {
  passwordTitle: 'Password',
  currentPassword: 'Current password',
  // The reset page's words for the same fields: one wording wherever a new password is chosen.
  newPassword: passwordResetTexts.newPassword,
  confirmPassword: passwordResetTexts.confirmPassword,
  changePassword: 'Change password',
  passwordsDiffer: passwordResetTexts.passwordsDiffer,
  passwordChanged: 'Your password has been changed. You are signed out everywhere else.',
  sessionsTitle: 'Where you are signed in',
  sessionsLoading: 'Loading your sessions…',
  thisDevice: 'This device',
  unknownDevice: 'Unknown device',
  signOutOthers: 'Sign out everywhere else',
  signedOutOthers: 'You are signed out everywhere else.',
  noOtherSessions: 'You are not signed in anywhere else.',
  retry: 'Try again',
  emailTitle: 'Email address',
  newEmail: 'New email address',
  changeEmail: 'Change email',
  sameEmail: 'This is already your email address',
  emailLinkSent: (email: string) =>
    `We have sent a link to ${email}. Your address changes when you follow it; until then, sign in with the current one.`,
} as const;

export const changeEmailFormSchema = z.object({ newEmail: formEmailSchema });
export type ChangeEmailForm = z.infer<typeof changeEmailFormSchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: accountSecurityTexts.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** One entry of `GET /api/auth/list-sessions` as the server answers it (tokens removed). */
export const signedInSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

/** The forgot-password and reset-password screens: their forms' rules and their words. */
import { z } from 'zod';
import { formEmailSchema, passwordSchema } from './validation.ts';

/** How long a reset link works; the server's `resetPasswordTokenExpiresIn`, said in the mail and on screen. */
export const PASSWORD_RESET_LINK_SECONDS = 3600;

export const passwordResetTexts = {
  forgotLink: 'Forgot password?',
  forgotTitle: 'Forgot password',
  forgotIntro: 'Enter the email address of your account and we will send you a link to choose a new password.',
  forgotSubmit: 'Send reset link',
  forgotSent:
    'If an account exists for that address, we have sent a link to reset the password. It is valid for one hour.',
  backToLogin: 'Back to Login',
  resetTitle: 'Choose a new password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  resetSubmit: 'Reset password',
  passwordsDiffer: 'The passwords do not match',
  resetDone: 'Your password has been changed. Please log in with the new one.',
  invalidLink: 'This reset link is invalid or has expired.',
  requestNewLink: 'Ask for a new link',
} as const;

export const forgotPasswordFormSchema = z.object({ email: formEmailSchema });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/** The same password rules as sign-up; the server also refuses the most common passwords. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: passwordResetTexts.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

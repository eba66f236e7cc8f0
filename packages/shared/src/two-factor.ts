/**
 * Two-step sign-in (not in the spec): the texts of the second step on /login and of the
 * Security page, and the rules of what a person types there.
 */
import { z } from 'zod';

export const twoFactorTexts = {
  codeLabel: 'Code from your authenticator app',
  backupCodeLabel: 'Backup code',
  codeHint: 'Open your authenticator app and enter the 6-digit code it shows for Doctors Portal.',
  backupCodeHint: 'Enter one of the backup codes you saved. Each works once.',
  useBackupCode: 'Use a backup code',
  useAppCode: 'Use the code from your app',
  verify: 'Verify',
  startOver: 'Sign in with another account',
  codeRequired: 'Enter the 6-digit code',
  codeInvalid: 'The code is 6 digits',
  backupCodeRequired: 'Enter a backup code',
  title: 'Two-step sign-in',
  statusOn: 'Two-step sign-in is on. Signing in asks for a code from your authenticator app.',
  statusOff:
    'Two-step sign-in is off. Turn it on so that a stolen password alone does not open your account.',
  turnOn: 'Turn on two-step sign-in',
  turnOff: 'Turn off',
  newBackupCodes: 'New backup codes',
  passwordLabel: 'Your password',
  passwordRequired: 'Enter your password',
  continue: 'Continue',
  cancel: 'Cancel',
  scanIntro:
    'Add this account to your authenticator app: scan the QR code, open the link on this phone, or copy the setup key into the app.',
  downloadBackupCodes: 'Download backup codes',
  setupLink: 'Open in authenticator app',
  setupKey: 'Setup key',
  copy: 'Copy',
  copied: 'Copied',
  backupCodesIntro:
    'Save these backup codes somewhere safe. Each signs you in once if your phone is not at hand.',
  confirmIntro: 'Then enter the code your app shows to finish.',
  confirm: 'Finish',
  turnedOn: 'Two-step sign-in is on',
  turnedOff: 'Two-step sign-in is off',
  backupCodesReady: 'Your new backup codes are ready. The old ones no longer work.',
  loadFailed: 'Could not load your account. Please try again.',
  retry: 'Try again',
} as const;

export const adminTwoFactorTexts = {
  required: 'Admin pages need two-step sign-in. Turn it on under Security in your dashboard.',
  /** Two-step sign-in is on, but this session was not made with a code (before it was on, or Google). */
  signInWithCode: 'Admin pages need a sign-in with your authenticator code. Sign out, then sign in again with your password and code.',
} as const;

/** A code from an authenticator app: six digits (spaces people type are dropped). */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, twoFactorTexts.codeRequired)
      .regex(/^\d{6}$/, twoFactorTexts.codeInvalid),
  );

/** A backup code as Better Auth makes them (`abcde-12345`); checked by the server. */
export const backupCodeSchema = z.string().trim().min(1, twoFactorTexts.backupCodeRequired).max(64);

export const twoFactorPasswordSchema = z.string().min(1, twoFactorTexts.passwordRequired).max(128);

/** The second step of a sign-in: a code from the app, or a backup code. */
export const twoFactorCodeFormSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCodeSchema }),
  z.object({ method: z.literal('backup'), code: backupCodeSchema }),
]);
export type TwoFactorCodeFormInput = z.input<typeof twoFactorCodeFormSchema>;
export type TwoFactorCodeForm = z.output<typeof twoFactorCodeFormSchema>;

/** The password that turns two-step sign-in on or off, or asks for new backup codes. */
export const twoFactorPasswordFormSchema = z.object({ password: twoFactorPasswordSchema });
export type TwoFactorPasswordForm = z.infer<typeof twoFactorPasswordFormSchema>;

/** The first code from the app, which turns two-step sign-in on. */
export const twoFactorSetupCodeFormSchema = z.object({ code: totpCodeSchema });
export type TwoFactorSetupCodeFormInput = z.input<typeof twoFactorSetupCodeFormSchema>;
export type TwoFactorSetupCodeForm = z.output<typeof twoFactorSetupCodeFormSchema>;

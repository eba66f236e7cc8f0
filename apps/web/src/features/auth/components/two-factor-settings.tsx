/**
 * Two-step sign-in for the signed-in account: whether it is on; turning it on (the password, then
 * the authenticator app's setup link or key and the backup codes to save, then a first code);
 * new backup codes; turning it off (the password).
 */
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  twoFactorPasswordFormSchema,
  twoFactorSetupCodeFormSchema,
  twoFactorTexts,
} from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useConfirmTwoFactor } from '../api/confirm-two-factor.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useEnableTwoFactor, type EnableTwoFactorResponse } from '../api/enable-two-factor.ts';
import { useGenerateBackupCodes } from '../api/generate-backup-codes.ts';
import { useMe } from '../api/get-me.ts';
import { AuthError } from './auth-error.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { securityText, useSecurityT, useSecurityText } from '../../../i18n/security.ts';
import { TotpQrCode } from './totp-qr-code.tsx';

type Step =
  | { kind: 'status' }
  | { kind: 'password'; purpose: 'enable' | 'disable' | 'codes' }
  | { kind: 'setup'; setup: EnableTwoFactorResponse }
  | { kind: 'codes'; backupCodes: string[] };

export function TwoFactorSettings() {
  const t = useSecurityT();
  // The failure to load is English (the server's or ours) until shown.
  const text = useSecurityText();
  const me = useMe();
  const [step, setStep] = useState<Step>({ kind: 'status' });

  let body;
  if (me.isPending) {
    body = <Spinner label={t('Loading your account…')} />;
  } else if (me.isError || !me.data) {
    body = (
      <LoadFailed
        layout="section"
        message={me.isError ? text(errorMessage(me.error)) : t(twoFactorTexts.loadFailed)}
        retryLabel={t(twoFactorTexts.retry)}
        onRetry={() => void me.refetch()}
      />
    );
  } else {
    const email = me.data.email;
    const isOn = me.data.twoFactorEnabled === true;
    const done = () => setStep({ kind: 'status' });
    switch (step.kind) {
      case 'status':
        body = (
          <StatusPanel
            isOn={isOn}
            onTurnOn={() => setStep({ kind: 'password', purpose: 'enable' })}
            onTurnOff={() => setStep({ kind: 'password', purpose: 'disable' })}
            onNewCodes={() => setStep({ kind: 'password', purpose: 'codes' })}
          />
        );
        break;
      case 'password':
        body = (
          <PasswordStep
            key={step.purpose}
            purpose={step.purpose}
            email={email}
            onCancel={done}
            onEnabled={(setup) => setStep({ kind: 'setup', setup })}
            onDisabled={() => {
              toast.success(securityText(twoFactorTexts.turnedOff));
              done();
            }}
            onCodes={(backupCodes) => setStep({ kind: 'codes', backupCodes })}
          />
        );
        break;
      case 'setup':
        body = (
          <SetupStep
            setup={step.setup}
            email={email}
            onCancel={done}
            onConfirmed={() => {
              toast.success(securityText(twoFactorTexts.turnedOn));
              done();
            }}
          />
        );
        break;
      case 'codes':
        body = (
          <div className="flex flex-col items-start gap-3">
            <p role="status">{t(twoFactorTexts.backupCodesReady)}</p>
            <BackupCodes codes={step.backupCodes} />
            <Button variant="outline" onClick={done}>
              {t(twoFactorTexts.continue)}
            </Button>
          </div>
        );
        break;
    }
  }

  return (
    <TitledSection title={t(twoFactorTexts.title)} className="flex max-w-xl flex-col gap-4">
      {body}
    </TitledSection>
  );
}

function StatusPanel(props: {
  isOn: boolean;
  onTurnOn: () => void;
  onTurnOff: () => void;
  onNewCodes: () => void;
}) {
  const t = useSecurityT();
  return (
    <div className="flex flex-col items-start gap-3">
      <p>
        <span className={`badge mr-2 ${props.isOn ? 'badge-success' : 'badge-ghost'}`}>
          {props.isOn ? t('On') : t('Off')}
        </span>
        {t(props.isOn ? twoFactorTexts.statusOn : twoFactorTexts.statusOff)}
      </p>
      {props.isOn ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={props.onNewCodes}>
            {t(twoFactorTexts.newBackupCodes)}
          </Button>
          <Button variant="outline" onClick={props.onTurnOff}>
            {t(twoFactorTexts.turnOff)}
          </Button>
        </div>
      ) : (
        <Button onClick={props.onTurnOn}>{t(twoFactorTexts.turnOn)}</Button>
      )}
    </div>
  );
}

function PasswordStep(props: {
  purpose: 'enable' | 'disable' | 'codes';
  email: string;
  onCancel: () => void;
  onEnabled: (setup: EnableTwoFactorResponse) => void;
  onDisabled: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const t = useSecurityT();
  // The validation message and the server's refusal arrive in English.
  const text = useSecurityText();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor(props.email);
  const codes = useGenerateBackupCodes();
  const action = { enable, disable, codes }[props.purpose];
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useZodForm(twoFactorPasswordFormSchema, {
    defaultValues: { password: '' },
  });
  // The step opens from a button: the password field is where the person goes next.
  useEffect(() => setFocus('password'), [setFocus]);

  const onSubmit = handleSubmit(({ password }) => {
    if (props.purpose === 'enable') enable.mutate(password, { onSuccess: props.onEnabled });
    else if (props.purpose === 'disable') disable.mutate(password, { onSuccess: props.onDisabled });
    else codes.mutate(password, { onSuccess: (answer) => props.onCodes(answer.backupCodes) });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <TextField
        label={t(twoFactorTexts.passwordLabel)}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message && text(errors.password.message)}
        {...register('password')}
      />
      <AuthError error={action.error} translate={text} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={action.isPending}>
          {t(
            props.purpose === 'enable'
              ? twoFactorTexts.continue
              : props.purpose === 'disable'
                ? twoFactorTexts.turnOff
                : twoFactorTexts.newBackupCodes,
          )}
        </Button>
        <Button variant="ghost" onClick={props.onCancel}>
          {t(twoFactorTexts.cancel)}
        </Button>
      </div>
    </form>
  );
}

/** The authenticator's key in the `otpauth://` link, shown in groups of four for typing. */
function setupKeyOf(totpURI: string): string {
  try {
    const secret = new URL(totpURI).searchParams.get('secret') ?? '';
    return secret.replace(/(.{4})(?=.)/g, '$1 ');
  } catch {
    return '';
  }
}

function SetupStep(props: {
  setup: EnableTwoFactorResponse;
  email: string;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const t = useSecurityT();
  const text = useSecurityText();
  const confirm = useConfirmTwoFactor(props.email);
  const [copied, setCopied] = useState(false);
  const key = setupKeyOf(props.setup.totpURI);
  const keyId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(twoFactorSetupCodeFormSchema, {
    defaultValues: { code: '' },
  });

  const copyKey = () => {
    void navigator.clipboard
      ?.writeText(key.replace(/ /g, ''))
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };

  return (
    <div className="flex flex-col gap-4">
      <p>{t(twoFactorTexts.scanIntro)}</p>
      <TotpQrCode uri={props.setup.totpURI} />
      <a href={props.setup.totpURI} className="btn btn-outline self-start">
        {t(twoFactorTexts.setupLink)}
      </a>
      <div className="flex flex-col gap-1">
        <span id={keyId} className="text-sm font-medium">
          {t(twoFactorTexts.setupKey)}
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <code aria-labelledby={keyId} className="rounded bg-base-200 px-2 py-1 break-all">
            {key}
          </code>
          <Button variant="ghost" className="btn-sm" onClick={copyKey}>
            {t(copied ? twoFactorTexts.copied : twoFactorTexts.copy)}
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <p>{t(twoFactorTexts.backupCodesIntro)}</p>
        <BackupCodes codes={props.setup.backupCodes} />
      </div>
      <form
        noValidate
        onSubmit={handleSubmit(({ code }) =>
          confirm.mutate(code, { onSuccess: props.onConfirmed }),
        )}
        className="flex flex-col gap-3"
      >
        <p>{t(twoFactorTexts.confirmIntro)}</p>
        <TextField
          label={t(twoFactorTexts.codeLabel)}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          error={errors.code?.message && text(errors.code.message)}
          {...register('code')}
        />
        <AuthError error={confirm.error} translate={text} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={confirm.isPending}>
            {t(twoFactorTexts.confirm)}
          </Button>
          <Button variant="ghost" onClick={props.onCancel}>
            {t(twoFactorTexts.cancel)}
          </Button>
        </div>
      </form>
    </div>
  );
}

export const BACKUP_CODES_FILE_NAME = 'doctors-portal-backup-codes.txt';

/** The text file of the codes: what they are for (in the page's language), then one code a line. */
export function backupCodesFile(codes: readonly string[]): string {
  return [
    securityText('Doctors Portal: backup codes for two-step sign-in'),
    securityText('Each code signs you in once when your authenticator app is not at hand.'),
    '',
    ...codes,
    '',
  ].join('\n');
}

function BackupCodes({ codes }: { codes: string[] }) {
  const t = useSecurityT();
  const download = () =>
    saveFile(new Blob([backupCodesFile(codes)], { type: 'text/plain;charset=utf-8' }), BACKUP_CODES_FILE_NAME);
  return (
    <div className="flex flex-col gap-2">
      <ul
        aria-label={t('Backup codes')}
        className="grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-3"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-base-200 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <Button variant="outline" className="btn-sm self-start" onClick={download}>
        {t(twoFactorTexts.downloadBackupCodes)}
      </Button>
    </div>
  );
}

import { useId, useRef, useState } from 'react';
import { ErrorCode, type AccountDeleted } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useAccountT, useAccountText } from '../../../i18n/account.ts';

type DeleteAccountProps = {
  /** The account is gone: the owner signs out locally and leaves the page. */
  onDeleted: (result: AccountDeleted) => void | Promise<void>;
};

/** What the field says when Delete my account is pressed with no password and no Google box. */
export const PASSWORD_FIRST_TEXT = 'Enter your password first.';

/**
 * 'Delete my account': what goes and what the clinic keeps, the password again, and only then a
 * confirmation. Whether the account has a password is not known here: an account that signs in
 * only with Google says so with a box instead, and the server says when it must sign in again
 * first. A refused password shows on its field, which takes the focus back.
 */
export function DeleteAccount({ onDeleted }: DeleteAccountProps) {
  const t = useAccountT();
  // The password's error and the failure are English (ours or the server's) until shown.
  const text = useAccountText();
  const headingId = useId();
  const modalRef = useRef<ModalHandle>(null);
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [isGoogleOnly, setIsGoogleOnly] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();

  const confirm = () =>
    remove.mutate(password && !isGoogleOnly ? { password } : {}, {
      onSuccess: (result) => {
        modalRef.current?.close();
        void onDeleted(result);
      },
      onError: (error) => {
        modalRef.current?.close();
        // A missing or wrong password belongs to its field; anything else under the button.
        if (isApiError(error) && error.code === ErrorCode.REAUTH_REQUIRED) {
          setPasswordError(error.message);
          passwordRef.current?.focus();
        } else {
          setFailure(errorMessage(error));
        }
      },
    });

  return (
    <section aria-labelledby={headingId} className="flex w-full max-w-md flex-col gap-3">
      <h3 id={headingId} className="text-lg font-semibold">
        {t('Delete my account')}
      </h3>
      <p className="text-sm">
        {t(
          'This signs you out everywhere and deletes your account: your name, email, phone and sign-ins, your upcoming bookings (their times are freed for others), bookings you never paid for or attended, your messages to the clinic and the mails about you.',
        )}
      </p>
      <p className="text-sm">
        {t(
          'The clinic keeps the bookings you paid for or attended, without your name, for its records. The name and contact on them are held apart, shown nowhere, and deleted when the law no longer requires them. Payments keep their amount, date and reference.',
        )}
      </p>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setFailure(undefined);
          if (!password && !isGoogleOnly) {
            setPasswordError(PASSWORD_FIRST_TEXT);
            passwordRef.current?.focus();
            return;
          }
          setPasswordError(undefined);
          setIsConfirming(true);
        }}
      >
        <TextField
          ref={passwordRef}
          label={t('Your password')}
          type="password"
          autoComplete="current-password"
          value={password}
          disabled={isGoogleOnly}
          onChange={(event) => {
            setPassword(event.target.value);
            if (passwordError === PASSWORD_FIRST_TEXT) setPasswordError(undefined);
          }}
          error={passwordError && text(passwordError)}
          {...(passwordError ? {} : { 'aria-describedby': `${headingId}-hint` })}
        />
        <label className="flex w-fit cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={isGoogleOnly}
            onChange={(event) => {
              setIsGoogleOnly(event.target.checked);
              setPassword('');
              setPasswordError(undefined);
            }}
          />
          {t('I signed up with Google and have no password')}
        </label>
        <p id={`${headingId}-hint`} className="text-sm opacity-80">
          {t(
            'Signed up with Google? Tick the box, and sign in with Google again first if it has been more than a few minutes.',
          )}
        </p>
        <Button type="submit" className="btn-error self-start" isLoading={remove.isPending}>
          {t('Delete my account')}
        </Button>
        {failure && (
          <p role="alert" className="text-sm text-error">
            {text(failure)}
          </p>
        )}
      </form>
      {isConfirming && (
        <Modal
          ref={modalRef}
          title={t('Delete your account?')}
          onClose={() => setIsConfirming(false)}
        >
          <p>
            {t(
              'This cannot be undone. You will be signed out, and your bookings to come cancelled.',
            )}
          </p>
          <div className="modal-action flex-wrap">
            <Button variant="outline" onClick={() => modalRef.current?.close()}>
              {t('Keep my account')}
            </Button>
            <Button className="btn-error" isLoading={remove.isPending} onClick={confirm}>
              {t('Delete for good')}
            </Button>
          </div>
        </Modal>
      )}
    </section>
  );
}

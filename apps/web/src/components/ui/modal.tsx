/**
 * A modal dialog on the native <dialog> (daisyUI 'modal'): opened with showModal(), so the browser
 * traps focus, makes the page behind it inert, closes it on Escape and gives focus back to the
 * control that opened it. Its accessible name is its title.
 *
 * The owner renders it while it should be open and unmounts it from `onClose`, which fires
 * however it was closed: Escape, the close button, or `ref.current.close()` from the content.
 */
import { useEffect, useId, useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import { useCommonT } from '../../i18n/common.ts';
import { Button } from './button.tsx';

export type ModalHandle = { close: () => void };

type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  ref?: Ref<ModalHandle>;
};

export function Modal({ title, onClose, children, ref }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useCommonT();

  useEffect(() => {
    const dialog = dialogRef.current;
    // StrictMode runs this twice; no cleanup closes it, since 'close' would fire after remount.
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  useImperativeHandle(ref, () => ({ close: () => dialogRef.current?.close() }), []);

  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box">
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm absolute right-2 top-2"
          aria-label={t('Close')}
          onClick={() => dialogRef.current?.close()}
        >
          <span aria-hidden="true">✕</span>
        </button>
        <h2 id={titleId} className="mb-4 pr-8 text-lg font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

type ModalFooterProps = {
  /** Why the server refused the dialog's change, shown above the buttons; the dialog stays open. */
  refusal?: string | null | undefined;
  /** The way out without a change ('Cancel', 'Keep it'). */
  dismissLabel: string;
  /** Closes the dialog (`ref.current.close()`). */
  onDismiss: () => void;
  /** The dialog's own action button. */
  children: ReactNode;
};

/** A dialog's refusal, if any, and its buttons: the way out, then the dialog's action. */
export function ModalFooter({ refusal, dismissLabel, onDismiss, children }: ModalFooterProps) {
  return (
    <>
      {refusal && (
        <p role="alert" className="text-error">
          {refusal}
        </p>
      )}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onDismiss}>
          {dismissLabel}
        </Button>
        {children}
      </div>
    </>
  );
}

/**
 * The lesser ways on from a reminder's link: "Please call me" (with an optional note for the
 * front desk) and "Stop reminder emails". Neither uses up the link.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { useRequestCallback } from '../api/request-callback.ts';
import { useStopReminders } from '../api/stop-reminders.ts';
import { CALLBACK_DONE_TEXT, CALLBACK_OPEN_TEXT, STOPPED_TEXT } from '../utils/link-texts.ts';
import { useLinkWords } from '../utils/use-link-words.ts';
import { ActionError, ActionResult } from './action-result.tsx';

function CallbackAction({ token, isOpen }: { token: string; isOpen: boolean }) {
  const callback = useRequestCallback(token);
  const [isFormShown, setIsFormShown] = useState(false);
  const [note, setNote] = useState('');
  const formId = useId();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const { t, problem } = useLinkWords();
  // Opened by a click: the note is where the patient goes next.
  useEffect(() => {
    if (isFormShown) noteRef.current?.focus();
  }, [isFormShown]);

  if (callback.isSuccess) return <ActionResult>{t(CALLBACK_DONE_TEXT)}</ActionResult>;
  if (isOpen) return <p>{t(CALLBACK_OPEN_TEXT)}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = note.trim();
    callback.mutate(trimmed ? { note: trimmed } : {});
  };

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="outline"
        className="btn-sm w-full sm:w-auto sm:self-start"
        aria-expanded={isFormShown}
        aria-controls={formId}
        onClick={() => setIsFormShown((shown) => !shown)}
      >
        {t('Please call me')}
      </Button>
      {isFormShown && (
        <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-2">
          <TextAreaField
            label={t('Anything we should know? (optional)')}
            value={note}
            maxLength={500}
            rows={2}
            ref={noteRef}
            onChange={(event) => setNote(event.target.value)}
          />
          {callback.isError && <ActionError>{problem(callback.error)}</ActionError>}
          <Button
            type="submit"
            variant="outline"
            className="btn-sm w-full sm:w-auto sm:self-start"
            isLoading={callback.isPending}
          >
            {t('Ask for a call')}
          </Button>
        </form>
      )}
    </div>
  );
}

function StopAction({ token }: { token: string }) {
  const stop = useStopReminders(token);
  const { t, problem } = useLinkWords();
  if (stop.isSuccess) return <ActionResult>{t(STOPPED_TEXT)}</ActionResult>;
  return (
    <div className="flex flex-col gap-2">
      {stop.isError && <ActionError>{problem(stop.error)}</ActionError>}
      <Button
        variant="ghost"
        className="btn-sm w-full sm:w-auto sm:self-start"
        isLoading={stop.isPending}
        onClick={() => stop.mutate()}
      >
        {t('Stop reminder emails')}
      </Button>
    </div>
  );
}

type MoreActionsProps = {
  token: string;
  /** The patient already waits for a call about this appointment. */
  isCallbackOpen: boolean;
  /** "Please call me" about a cancelled appointment has nothing left to be about. */
  canAskForCall: boolean;
};

export function MoreActions({ token, isCallbackOpen, canAskForCall }: MoreActionsProps) {
  const headingId = useId();
  const { t } = useLinkWords();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 border-t border-base-300 pt-4 text-sm"
    >
      <h2 id={headingId} className="font-medium">
        {t('Something else?')}
      </h2>
      {canAskForCall && <CallbackAction token={token} isOpen={isCallbackOpen} />}
      <StopAction token={token} />
    </section>
  );
}

/**
 * A treatment's consent text (admin, practice-loop.md section 6.1): what patients sign on My Forms
 * before a visit for it. Empty means none. Each save is a new version; consents already signed
 * keep the words they were signed with.
 */
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { treatmentConsentInputSchema, type AdminTreatment, type TreatmentConsent } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal, ModalFooter, type ModalHandle } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { Instant } from '../../../lib/instants.tsx';
import { useTreatmentConsent } from '../api/get-treatment-consent.ts';
import { useSaveTreatmentConsent } from '../api/save-treatment-consent.ts';

type ConsentFormProps = {
  treatment: AdminTreatment;
  consent: TreatmentConsent;
  onDone: () => void;
};

function ConsentForm({ treatment, consent, onDone }: ConsentFormProps) {
  const hintId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(consent.text ?? '');
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveTreatmentConsent();

  const onSave = () => {
    const wanted = text.trim() === '' ? null : text;
    // Nothing changed: no new version of the same words.
    if ((wanted?.trim() ?? null) === (consent.text?.trim() ?? null)) return onDone();
    const parsed = treatmentConsentInputSchema.safeParse({ text: wanted });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      fieldRef.current?.focus();
      return;
    }
    setError(undefined);
    setRefusal(null);
    save.mutate(
      { treatmentId: treatment._id, text: parsed.data.text },
      {
        onSuccess: (saved) => {
          toast.success(
            saved.text === null
              ? `${treatment.name} needs no consent now`
              : `Consent text for ${treatment.name} saved as version ${saved.version}`,
          );
          onDone();
        },
        onError: (failure) => {
          const message = isApiError(failure) ? failure.errors.text?.[0] : undefined;
          if (message) {
            setError(message);
            fieldRef.current?.focus();
          } else setRefusal(errorMessage(failure));
        },
      },
    );
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <p id={hintId} className="text-sm">
        {consent.text === null ? (
          'No consent text yet: patients sign nothing for this treatment.'
        ) : (
          <>
            Version {consent.version}, saved <Instant iso={consent.createdAt} />.
          </>
        )}{' '}
        Leave it empty for none. Patients who signed keep the words they signed.
      </p>
      <TextAreaField
        ref={fieldRef}
        label="Consent text"
        rows={10}
        maxLength={10_000}
        value={text}
        error={error}
        {...(error ? {} : { 'aria-describedby': hintId })}
        onChange={(event) => setText(event.target.value)}
      />
      <ModalFooter refusal={refusal} dismissLabel="Cancel" onDismiss={onDone}>
        <Button type="submit" isLoading={save.isPending}>
          Save
        </Button>
      </ModalFooter>
    </form>
  );
}

type TreatmentConsentDialogProps = { treatment: AdminTreatment; onClose: () => void };

export function TreatmentConsentDialog({ treatment, onClose }: TreatmentConsentDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const consent = useTreatmentConsent(treatment._id);
  const close = () => modalRef.current?.close();
  return (
    <Modal ref={modalRef} title={`Consent for ${treatment.name}`} onClose={onClose}>
      {consent.isPending ? (
        <Spinner label="Loading the consent text…" />
      ) : consent.isError ? (
        <LoadFailed layout="section" error={consent.error} onRetry={() => void consent.refetch()} />
      ) : (
        <ConsentForm treatment={treatment} consent={consent.data} onDone={close} />
      )}
    </Modal>
  );
}

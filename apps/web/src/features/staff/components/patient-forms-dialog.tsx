/**
 * A patient's medical history for their doctor or the owner (practice-loop.md section 6.3): the
 * newest submission's questions and answers, the answers the form flags highlighted, and the
 * consents the patient signed. Opening it is a read of health data the server audits.
 */
import { useId } from 'react';
import type { PatientForms } from '@clinic/shared';
import { AlertBadges } from '../../../components/intake-badges.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Instant } from '../../../lib/instants.tsx';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { usePatientForms } from '../api/get-patient-forms.ts';
import { answerText, isAlertAnswer } from '../utils/answer-text.ts';

type Submission = PatientForms['submissions'][number];
type Consent = PatientForms['consents'][number];

function SubmissionAnswers({ submission, earlier }: { submission: Submission; earlier: number }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold">
        {submission.title} (version {submission.version})
      </h3>
      <p className="text-sm">
        Signed by {submission.typedName} on <Instant iso={submission.submittedAt} />
        {earlier > 0 && ` (${earlier === 1 ? '1 earlier submission' : `${earlier} earlier submissions`} kept)`}
      </p>
      <AlertBadges alerts={submission.alerts} />
      <dl className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
        {submission.questions.map((question) => {
          const isAlert = isAlertAnswer(question, submission.answers);
          return (
            <div key={question.id} className={`flex flex-col gap-0.5 px-3 py-2 ${isAlert ? 'bg-error/10' : ''}`}>
              <dt className="text-sm opacity-80">{question.label}</dt>
              <dd className={`break-words whitespace-pre-line ${isAlert ? 'font-semibold text-error' : ''}`}>
                {isAlert && (
                  <>
                    <span aria-hidden="true">⚠ </span>
                    <span className="sr-only">Alert: </span>
                  </>
                )}
                {answerText(question, submission.answers)}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function SignedConsents({ consents }: { consents: readonly Consent[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold">
        Consents
      </h3>
      {consents.length === 0 ? (
        <p>No signed consents.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {consents.map((consent) => (
            <li key={consent._id} className="rounded-box border border-base-300 p-3 text-sm">
              <p className="font-medium">
                {consent.treatment}, {mediumDateOf(consent.date)}
              </p>
              <p>
                Signed by {consent.typedName} on <Instant iso={consent.signedAt} /> (version {consent.version})
              </p>
              <details>
                <summary className="cursor-pointer">Consent text</summary>
                <p className="mt-1 whitespace-pre-line">{consent.text}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PatientFormsBody({ patientId, patientName }: { patientId: string; patientName: string }) {
  const forms = usePatientForms(patientId);
  if (forms.isPending) return <Spinner label="Loading the medical history…" />;
  if (forms.isError) {
    return <LoadFailed layout="section" error={forms.error} onRetry={() => void forms.refetch()} />;
  }
  const [newest, ...earlier] = forms.data.submissions;
  return (
    <div className="flex flex-col gap-6">
      {newest ? (
        <SubmissionAnswers submission={newest} earlier={earlier.length} />
      ) : (
        <p>{patientName} has not filled in a medical history yet.</p>
      )}
      <SignedConsents consents={forms.data.consents} />
    </div>
  );
}

type PatientFormsDialogProps = { patientId: string; patientName: string; onClose: () => void };

export function PatientFormsDialog({ patientId, patientName, onClose }: PatientFormsDialogProps) {
  return (
    <Modal title={`Medical history: ${patientName}`} onClose={onClose}>
      <PatientFormsBody patientId={patientId} patientName={patientName} />
    </Modal>
  );
}

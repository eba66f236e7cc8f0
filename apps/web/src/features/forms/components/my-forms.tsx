/**
 * My Forms (practice-loop.md section 6.2): the medical history, missing, outdated or up to date,
 * to fill in or confirm; and the consent each upcoming visit's treatment asks for, to sign. A
 * guardian chooses whose: theirs or a dependent's (section 7).
 */
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { MyForms as MyFormsData } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useClinicTimeZone } from '../../../lib/clinic-query.ts';
import { Instant } from '../../../lib/instants.tsx';
import { useLocalFormat } from '../../../i18n/format.ts';
import { formsText, useFormsT, useFormsText } from '../../../i18n/forms.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { useDependentsForForms, useMyForms, useSignConsent } from '../api/my-forms.ts';
import { HistoryForm } from './history-form.tsx';

export const CONSENT_SIGNED_TOAST = 'Consent signed';

const statusText = { missing: 'Missing', outdated: 'Needs updating', current: 'Up to date' } as const;
const statusTone = { missing: 'badge-warning', outdated: 'badge-warning', current: 'badge-success' } as const;

/** An instant in the clinic's zone: the spec's format in English, the reader's language's otherwise. */
function LocalInstant({ iso }: { iso: string }) {
  const locale = useLocale();
  const timeZone = useClinicTimeZone();
  if (locale === 'en' || Number.isNaN(Date.parse(iso))) return <Instant iso={iso} />;
  const label = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
  return <time dateTime={iso}>{label}</time>;
}

function MedicalHistory({ history, forId }: { history: MyFormsData['medicalHistory']; forId: string | undefined }) {
  const t = useFormsT();
  const [isEditing, setIsEditing] = useState(false);
  const isCurrent = history.status === 'current';
  return (
    <TitledSection title={history.form.title} className="flex flex-col gap-3">
      <p className="flex flex-wrap items-center gap-2">
        <span className={`badge ${statusTone[history.status]}`}>{t(statusText[history.status])}</span>
        {history.submittedAt && (
          <span className="text-sm">
            {t('Last filled in on')} <LocalInstant iso={history.submittedAt} />
          </span>
        )}
      </p>
      {!isCurrent && (
        <p className="text-sm">
          {history.status === 'outdated'
            ? t('Please check your answers: the clinic asks again after a while, or when its questions change. Your last answers are filled in.')
            : t('Please answer a few questions about your health before your visit. It takes a few minutes.')}
        </p>
      )}
      {isCurrent && !isEditing ? (
        <Button variant="outline" className="self-start" onClick={() => setIsEditing(true)}>
          {t('Update my answers')}
        </Button>
      ) : (
        <HistoryForm key={`${forId ?? 'me'}-${history.version}-${history.submittedAt ?? ''}`} history={history} forId={forId} />
      )}
    </TitledSection>
  );
}

function ConsentCard({ consent }: { consent: MyFormsData['consents'][number] }) {
  const t = useFormsT();
  const text = useFormsText();
  const format = useLocalFormat();
  const [typedName, setTypedName] = useState('');
  const sign = useSignConsent();
  // A refusal of the name itself (too long, two lines) is shown under the field it is about.
  const nameError = isApiError(sign.error) ? sign.error.errors['typedName']?.[0] : undefined;
  return (
    <li className="card card-border bg-base-100">
      <div className="card-body gap-2 p-4">
        <h3 className="font-semibold">
          {t('{{treatment}}, {{date}} at {{slot}}', { treatment: consent.treatment, date: format.date(consent.date), slot: format.slot(consent.slot) })}
        </h3>
        <p className="whitespace-pre-line">{consent.text}</p>
        {consent.status === 'signed' ? (
          <p className="badge badge-success">{t('Signed')}</p>
        ) : (
          <form
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              sign.mutate({ bookingId: consent.bookingId, version: consent.version, typedName }, { onSuccess: () => toast.success(formsText(CONSENT_SIGNED_TOAST)) });
            }}
          >
            <TextField
              label={t('Type your full name to sign')}
              autoComplete="name"
              value={typedName}
              onChange={(e) => {
                setTypedName(e.target.value);
                sign.reset();
              }}
              error={nameError && text(nameError)}
              required
            />
            {sign.isError && !nameError && (
              <p role="alert" className="text-sm text-error">
                {text(errorMessage(sign.error))}
              </p>
            )}
            <Button type="submit" className="self-start" isLoading={sign.isPending} disabled={typedName.trim() === ''}>
              {t('Sign consent')}
            </Button>
          </form>
        )}
      </div>
    </li>
  );
}

/**
 * "Whose forms?": the account holder or one of their dependents, whose forms the guardian fills
 * in and signs (practice-loop.md section 7). Shown only to an account with dependents.
 */
function WhoseForms({ holder, value, onChange }: { holder: string; value: string; onChange: (id: string) => void }) {
  const t = useFormsT();
  const dependents = useDependentsForForms();
  const id = useId();
  if (!dependents.data || dependents.data.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t('Whose forms?')}
      </label>
      <select id={id} className="select w-full sm:max-w-xs" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{holder ? t('{{name}} (you)', { name: holder }) : t('You')}</option>
        {dependents.data.map((d) => (
          <option key={d._id} value={d._id}>
            {d.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function MyForms({ holderName = '' }: { holderName?: string } = {}) {
  const t = useFormsT();
  const text = useFormsText();
  const [forId, setForId] = useState('');
  const forms = useMyForms(forId || undefined);
  const top = (
    <>
      <h2 className="text-2xl font-semibold">{t('My Forms')}</h2>
      <WhoseForms holder={holderName} value={forId} onChange={setForId} />
    </>
  );
  if (forms.isPending) return <div className="flex flex-col gap-6">{top}<Spinner label={t('Loading your forms')} /></div>;
  if (forms.isError) return <div className="flex flex-col gap-6">{top}<LoadFailed message={text(errorMessage(forms.error))} retryLabel={t('Retry')} onRetry={() => void forms.refetch()} /></div>;
  const { medicalHistory, consents } = forms.data;
  return (
    <div className="flex flex-col gap-6">
      {top}
      {medicalHistory.required && medicalHistory.status !== 'current' && (
        <p role="note" className="alert alert-info">
          {t('The clinic asks every patient to fill in the medical history before their visit.')}
        </p>
      )}
      <MedicalHistory history={medicalHistory} forId={forId || undefined} />
      <TitledSection title={t('Consent for your visits')} className="flex flex-col gap-3">
        {consents.length === 0 ? (
          <p>{t('None of your upcoming visits needs a consent.')}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t('Consents')}>
            {consents.map((consent) => (
              <ConsentCard key={consent.bookingId} consent={consent} />
            ))}
          </ul>
        )}
      </TitledSection>
    </div>
  );
}

import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCommonT } from '../../../i18n/common.ts';
import { usePagesT } from '../../../i18n/pages.ts';
import { useClinic } from '../../../lib/clinic-query.ts';
import { ClinicText } from './clinic-text.tsx';

export const legalDocuments = {
  privacyPolicy: {
    title: 'Privacy policy',
    loading: 'Loading the privacy policy…',
    missing: 'The clinic has not published a privacy policy yet.',
  },
  terms: {
    title: 'Terms of use',
    loading: 'Loading the terms of use…',
    missing: 'The clinic has not published terms of use yet.',
  },
} as const;

type LegalDocumentProps = { document: keyof typeof legalDocuments };

/**
 * The clinic's privacy policy or terms of use, as it wrote them; a short notice when it has not
 * (or the profile cannot be had).
 */
export function LegalDocument({ document }: LegalDocumentProps) {
  const t = usePagesT();
  // The titles are the footer's links (the spec's words).
  const common = useCommonT();
  const { data: clinic, isPending } = useClinic();
  const { title, loading, missing } = legalDocuments[document];
  const text = clinic?.[document].trim() ?? '';
  return (
    <article className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{common(title)}</h1>
      {isPending ? (
        <Spinner label={t(loading)} />
      ) : text ? (
        <ClinicText text={text} />
      ) : (
        <p>{t(missing)}</p>
      )}
    </article>
  );
}

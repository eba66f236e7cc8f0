import { Spinner } from '../../../components/ui/spinner.tsx';
import { useClinic } from '../../../lib/clinic-query.ts';
import { ClinicText } from './clinic-text.tsx';

export const legalDocuments = {
  privacyPolicy: {
    title: 'Privacy policy',
    missing: 'The clinic has not published a privacy policy yet.',
  },
  terms: { title: 'Terms of use', missing: 'The clinic has not published terms of use yet.' },
} as const;

type LegalDocumentProps = { document: keyof typeof legalDocuments };

/**
 * The clinic's privacy policy or terms of use, as it wrote them; a short notice when it has not
 * (or the profile cannot be had).
 */
export function LegalDocument({ document }: LegalDocumentProps) {
  const { data: clinic, isPending } = useClinic();
  const { title, missing } = legalDocuments[document];
  const text = clinic?.[document].trim() ?? '';
  return (
    <article className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {isPending ? (
        <Spinner label={`Loading the ${title.toLowerCase()}…`} />
      ) : text ? (
        <ClinicText text={text} />
      ) : (
        <p>{missing}</p>
      )}
    </article>
  );
}

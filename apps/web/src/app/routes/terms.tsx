import { LegalDocument } from '../../features/clinic/components/legal-document.tsx';
import { usePagesT } from '../../i18n/pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** The clinic's terms of use as it wrote it (the footer links here once it has). */
export default function TermsRoute() {
  const t = usePagesT();
  usePageMeta(
    t('Terms of use - Doctors Portal'),
    t('The terms of using the Doctors Portal dental clinic portal.'),
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <LegalDocument document="terms" />
    </div>
  );
}

import { LegalDocument } from '../../features/clinic/components/legal-document.tsx';
import { usePagesT } from '../../i18n/pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** The clinic's privacy policy as it wrote it (the footer links here once it has). */
export default function PrivacyRoute() {
  const t = usePagesT();
  usePageMeta(
    t('Privacy policy - Doctors Portal'),
    t('How the dental clinic handles your personal data.'),
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <LegalDocument document="privacyPolicy" />
    </div>
  );
}

import { LegalDocument } from '../../features/clinic/components/legal-document.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** The clinic's privacy policy as it wrote it (the footer links here once it has). */
export default function PrivacyRoute() {
  usePageMeta(
    'Privacy policy - Doctors Portal',
    'How the dental clinic handles your personal data.',
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <LegalDocument document="privacyPolicy" />
    </div>
  );
}

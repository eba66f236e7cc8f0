import { texts } from '@clinic/shared';
import { ClinicContacts } from '../../components/clinic-contacts.tsx';
import { ContactForm } from '../../features/contact/components/contact-form.tsx';
import { useCommonT } from '../../i18n/common.ts';
import { usePagesT } from '../../i18n/pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

export default function ContactRoute() {
  const t = usePagesT();
  // The spec's heading and line, as the landing page's contact section shows them.
  const common = useCommonT();
  usePageMeta(
    t('Contact Us - Doctors Portal'),
    t('Send the Doctors Portal dental clinic a message: questions, appointments or feedback.'),
  );
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-2 px-4 py-16">
      <h1 className="text-3xl font-semibold">{common(texts.contactTitle)}</h1>
      <p className="text-lg">{common(texts.contactSubtitle)}</p>
      <ClinicContacts className="justify-start" />
      <div className="mt-6 rounded-box bg-base-200 p-6">
        <ContactForm />
      </div>
    </div>
  );
}

import { texts } from '@clinic/shared';
import { ClinicContacts } from '../../components/clinic-contacts.tsx';
import { ContactForm } from '../../features/contact/components/contact-form.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

export default function ContactRoute() {
  usePageMeta(
    'Contact Us - Doctors Portal',
    'Send the Doctors Portal dental clinic a message: questions, appointments or feedback.',
  );
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-2 px-4 py-16">
      <h1 className="text-3xl font-semibold">{texts.contactTitle}</h1>
      <p className="text-lg">{texts.contactSubtitle}</p>
      <ClinicContacts className="justify-start" />
      <div className="mt-6 rounded-box bg-base-200 p-6">
        <ContactForm />
      </div>
    </div>
  );
}

import { ContactMessages } from '../../features/moderation/components/contact-messages.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Messages (admin): what visitors sent through the contact form. */
export default function DashboardMessagesRoute() {
  usePageMeta(
    'Messages - Doctors Portal',
    'Messages sent to the Doctors Portal clinic through its contact form, newest first.',
  );
  return <ContactMessages />;
}

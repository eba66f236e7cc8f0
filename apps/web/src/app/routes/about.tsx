import { AboutContent } from '../../features/clinic/components/about-content.tsx';
import { usePagesT } from '../../i18n/pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** The spec's About page shows only 'This is about', until the clinic writes its own text. */
export default function AboutRoute() {
  const t = usePagesT();
  usePageMeta(t('About - Doctors Portal'), t('About Doctors Portal, the dental clinic portal.'));
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <AboutContent />
    </div>
  );
}

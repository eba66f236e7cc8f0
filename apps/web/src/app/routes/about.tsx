import { AboutContent } from '../../features/clinic/components/about-content.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** The spec's About page shows only 'This is about', until the clinic writes its own text. */
export default function AboutRoute() {
  usePageMeta('About - Doctors Portal', 'About Doctors Portal, the dental clinic portal.');
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <AboutContent />
    </div>
  );
}

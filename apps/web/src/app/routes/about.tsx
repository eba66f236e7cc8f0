import { texts } from '@clinic/shared';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** The spec's About page shows only this text. */
export default function AboutRoute() {
  usePageMeta('About - Doctors Portal', 'About Doctors Portal, the dental clinic portal.');
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-2xl font-semibold">{texts.about}</h1>
    </div>
  );
}

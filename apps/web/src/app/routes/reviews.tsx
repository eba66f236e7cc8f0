import { PublishedReviews } from '../../features/testimonials/components/published-reviews.tsx';
import { usePagesT } from '../../i18n/pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** The navbar's Reviews link (DESIGN.md section 6): what patients wrote, once the clinic published it. */
export default function ReviewsRoute() {
  const t = usePagesT();
  usePageMeta(
    t('Reviews - Doctors Portal'),
    t('What patients say about their visits to the Doctors Portal dental clinic.'),
  );
  return <PublishedReviews />;
}

import { TestimonialsSection } from '../../features/testimonials/components/testimonials-section.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** The navbar's Reviews link needs a page (DESIGN.md section 6); for now, the testimonials. */
export default function ReviewsRoute() {
  usePageMeta(
    'Reviews - Doctors Portal',
    'What patients say about their visits to the Doctors Portal dental clinic.',
  );
  return <TestimonialsSection headingLevel="h1" />;
}

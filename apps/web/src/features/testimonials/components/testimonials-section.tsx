import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { latestReviewsQueryOptions } from '../api/get-published-reviews.ts';
import { PlaceholderCards } from './placeholder-cards.tsx';
import { CARD_GRID_CLASS, TestimonialsFrame } from './testimonials-frame.tsx';

const placeholders = (
  <ul className={`mt-10 ${CARD_GRID_CLASS}`}>
    <PlaceholderCards />
  </ul>
);

// The real reviews' cards (photos or initials) and their schema.org data load only once the
// clinic has published a review, outside the landing page's first-load JavaScript. A chunk that
// cannot be loaded leaves the placeholders.
const LatestReviews = lazy(() =>
  import('./review-cards.tsx').catch(() => ({ default: () => placeholders })),
);

/**
 * The home page's 'What our Patients say': the three newest published reviews in the spec's
 * cards, once there are three; until then, and while they load or if they cannot be loaded, the
 * spec's three placeholders. The cards are as tall either way.
 */
export function TestimonialsSection() {
  const latest = useQuery(latestReviewsQueryOptions());
  const page = latest.data;
  return (
    <TestimonialsFrame>
      {page && page.count > 0 ? (
        <Suspense fallback={placeholders}>
          <LatestReviews page={page} />
        </Suspense>
      ) : (
        placeholders
      )}
    </TestimonialsFrame>
  );
}

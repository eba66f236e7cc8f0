/**
 * The published reviews as schema.org data for search engines: the clinic (a `Dentist`, which is
 * an `Organization`) with its `aggregateRating` and the `review`s shown on the page.
 */
import type { PublicReview, PublicReviewsPage } from '@clinic/shared';

export const CLINIC_NAME = 'Doctors Portal';

/**
 * The JSON for a `<script type="application/ld+json">`, or null when nothing is published. Every
 * `<` is written `\u003c` (the same string to a JSON parser), so no review text can close the
 * script element: '</script>' in a review stays inside the data.
 */
export function reviewsJsonLd(
  summary: Pick<PublicReviewsPage, 'average' | 'count'>,
  reviews: readonly PublicReview[],
): string | null {
  if (summary.count === 0 || summary.average === null || reviews.length === 0) return null;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Dentist',
    name: CLINIC_NAME,
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author },
      reviewRating: {
        '@type': 'Rating',
        ratingValue: review.rating,
        bestRating: 5,
        worstRating: 1,
      },
      reviewBody: review.text,
      datePublished: review.publishedAt.slice(0, 10),
    })),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

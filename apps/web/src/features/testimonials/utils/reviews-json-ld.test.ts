import { describe, expect, it } from 'vitest';
import { publicReviewFactory } from '../../../test/review-factories.ts';
import { reviewsJsonLd } from './reviews-json-ld.ts';

describe('reviewsJsonLd', () => {
  it('is the clinic with its aggregate rating and each review shown', () => {
    const json = reviewsJsonLd({ average: 4.6, count: 12 }, [
      publicReviewFactory({
        author: 'Ann L.',
        rating: 5,
        text: 'Great',
        publishedAt: '2030-06-14T09:00:00.000Z',
      }),
    ]);
    expect(JSON.parse(json!)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Dentist',
      name: 'Doctors Portal',
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.6,
        reviewCount: 12,
        bestRating: 5,
        worstRating: 1,
      },
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Ann L.' },
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
          reviewBody: 'Great',
          datePublished: '2030-06-14',
        },
      ],
    });
  });

  it('writes every < as \\u003c, so that a review cannot close the script element', () => {
    const text = 'Nice</script><script>alert(1)</script> <!-- x';
    const json = reviewsJsonLd({ average: 5, count: 1 }, [publicReviewFactory({ text })])!;
    expect(json).not.toContain('<');
    expect(json).toContain('Nice\\u003c/script>\\u003cscript>');
    expect(JSON.parse(json).review[0].reviewBody).toBe(text);
  });

  it('is nothing while no review is published', () => {
    expect(reviewsJsonLd({ average: null, count: 0 }, [])).toBeNull();
  });
});

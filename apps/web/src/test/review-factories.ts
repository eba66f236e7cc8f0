/** Factories for tests of the review screens: visits, a patient's own reviews, published ones. */
import type {
  AdminReview,
  MyReviews,
  OwnReview,
  PublicReview,
  PublicReviewsPage,
  ReviewedVisit,
} from '@clinic/shared';

export function visitFactory(overrides: Partial<ReviewedVisit> = {}): ReviewedVisit {
  return {
    _id: 'b1',
    treatment: 'Teeth Cleaning',
    date: '2030-06-12',
    slot: '08.30 AM - 09.00 AM',
    doctor: 'Ann Lee',
    ...overrides,
  };
}

export function ownReviewFactory(overrides: Partial<OwnReview> = {}): OwnReview {
  return {
    _id: 'r1',
    bookingId: 'b1',
    rating: 4,
    text: 'Gentle and quick.',
    location: null,
    status: 'pending',
    createdAt: '2030-06-13T10:00:00.000Z',
    updatedAt: '2030-06-13T10:00:00.000Z',
    ...overrides,
  };
}

/** `GET /api/me/reviews`: by default one visit to review and no review yet. */
export function myReviewsFactory(overrides: Partial<MyReviews> = {}): MyReviews {
  const reviewableVisits = overrides.reviewableVisits ?? [visitFactory()];
  return {
    reviews: [],
    reviewableVisits,
    reviewable: reviewableVisits.map(({ _id }) => _id),
    ...overrides,
  };
}

export function publicReviewFactory(overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    _id: 'p1',
    rating: 5,
    text: 'Friendly staff and no waiting.',
    author: 'Ann L.',
    location: 'Texas',
    img: null,
    treatment: 'Teeth Cleaning',
    doctor: null,
    publishedAt: '2030-06-14T09:00:00.000Z',
    ...overrides,
  };
}

/** `n` published reviews, newest first, with ids p1, p2, ... */
export function publicReviewsFactory(n: number, from = 1): PublicReview[] {
  return Array.from({ length: n }, (_, index) =>
    publicReviewFactory({
      _id: `p${from + index}`,
      author: `Patient${from + index} L.`,
      text: `Review number ${from + index}.`,
    }),
  );
}

export function publicReviewsPageFactory(
  overrides: Partial<PublicReviewsPage> = {},
): PublicReviewsPage {
  const items = overrides.items ?? [];
  return {
    items,
    average: items.length ? 4.6 : null,
    count: items.length,
    nextCursor: null,
    ...overrides,
  };
}

export function adminReviewFactory(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    ...ownReviewFactory(),
    author: 'Pat P.',
    patientName: 'Pat Patient',
    patientEmail: 'pat@example.com',
    booking: visitFactory(),
    moderationNote: null,
    publishedAt: null,
    ...overrides,
  };
}

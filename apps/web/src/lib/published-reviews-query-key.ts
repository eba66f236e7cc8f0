/**
 * The published reviews (`GET /api/reviews`), as a prefix: the home page's newest three and the
 * /reviews pages sit under it. A moderation decision, an edit or a withdrawal changes them.
 * Exported from query-keys.ts with the other shared keys.
 */
export const publishedReviewsQueryKey = ['published-reviews'] as const;

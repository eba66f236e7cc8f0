/**
 * Reviews on the wire (design clinic-operations.md section 3.6; issue 18): a patient reviews a
 * completed visit once; nothing is public before an admin publishes it; the text is plain text
 * everywhere (never rendered as HTML) and the author is shown as first name and initial.
 */
import { z } from 'zod';

export const REVIEW_TEXT_MAX_LENGTH = 1000;
export const REVIEW_LOCATION_MAX_LENGTH = 60;

// Control characters other than tab and line breaks: pasted text keeps its paragraphs only.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const reviewRatingSchema = z
  .number({ message: 'Choose 1 to 5 stars' })
  .int('Choose 1 to 5 stars')
  .min(1, 'Choose 1 to 5 stars')
  .max(5, 'Choose 1 to 5 stars');

export const reviewTextSchema = z
  .string({ message: 'Write a few words about your visit' })
  .trim()
  .min(1, 'Write a few words about your visit')
  .max(REVIEW_TEXT_MAX_LENGTH, 'A review has at most 1,000 characters')
  .refine((text) => !CONTROL.test(text), 'A review is plain text');

/** Where the patient is from, as they want it shown ('Texas'); optional. */
export const reviewLocationSchema = z
  .string()
  .trim()
  .max(REVIEW_LOCATION_MAX_LENGTH, 'A location has at most 60 characters')
  .refine((text) => !CONTROL.test(text), 'A location is plain text');

/** `POST /api/booking/:id/review`. */
export const reviewCreateSchema = z.object({
  rating: reviewRatingSchema,
  text: reviewTextSchema,
  location: reviewLocationSchema.optional(),
});
export type ReviewCreate = z.input<typeof reviewCreateSchema>;

/** `PATCH /api/reviews/:id`: any of the fields; a published review goes back to the clinic. */
export const reviewUpdateSchema = reviewCreateSchema
  .partial()
  .refine((u) => u.rating !== undefined || u.text !== undefined || u.location !== undefined, 'Change the rating, the text or the location');
export type ReviewUpdate = z.input<typeof reviewUpdateSchema>;

/** `pending`: waiting for the clinic; `hidden`: not published; `withdrawn`: by its author. */
export const reviewStatusSchema = z.enum(['pending', 'published', 'hidden', 'withdrawn']);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** The visit a review is about. */
export const reviewedVisitSchema = z.object({
  _id: z.string(),
  treatment: z.string(),
  date: z.string(),
  slot: z.string(),
  doctor: z.string().nullable(),
  /** A dependent's visit, reviewed by their guardian: the dependent's name (practice-loop.md section 7). */
  for: z.string().nullable().optional(),
});
export type ReviewedVisit = z.infer<typeof reviewedVisitSchema>;

/** A review as its author sees it. */
export const ownReviewSchema = z.object({
  _id: z.string(),
  bookingId: z.string(),
  rating: z.number().int(),
  text: z.string(),
  location: z.string().nullable(),
  status: reviewStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** `GET /api/me/reviews`: the caller's reviews, and the completed visits not reviewed yet. */
export const myReviewsSchema = z.object({
  reviews: z.array(z.object({ review: ownReviewSchema, booking: reviewedVisitSchema })),
  /** Booking ids of completed visits without a review (the design's field). */
  reviewable: z.array(z.string()),
  /** The same visits with what a screen shows of them. */
  reviewableVisits: z.array(reviewedVisitSchema),
});
export type MyReviews = z.infer<typeof myReviewsSchema>;

/** A published review as anyone sees it: first name and initial, never the account. */
export const publicReviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  /** 'Ann L.' */
  author: z.string(),
  location: z.string().nullable(),
  /** The account's photo (a Google sign-in's), else null: the screen shows initials. */
  img: z.string().nullable(),
  treatment: z.string(),
  doctor: z.string().nullable(),
  publishedAt: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const publicReviewsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** `GET /api/reviews`: published reviews, newest published first, with the average of all of them. */
export const publicReviewsPageSchema = z.object({
  items: z.array(publicReviewSchema),
  /** Average rating of every published review (one decimal), null when there is none. */
  average: z.number().nullable(),
  count: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type PublicReviewsPage = z.infer<typeof publicReviewsPageSchema>;

export const adminReviewsQuerySchema = z.object({
  status: reviewStatusSchema.default('pending'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminReviewSchema = ownReviewSchema.extend({
  author: z.string(),
  patientName: z.string(),
  patientEmail: z.string(),
  booking: reviewedVisitSchema,
  moderationNote: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewsPageSchema = z.object({ items: z.array(adminReviewSchema), nextCursor: z.string().nullable() });
export type AdminReviewsPage = z.infer<typeof adminReviewsPageSchema>;

/** `PATCH /api/admin/reviews/:id`. */
export const moderateReviewSchema = z.object({
  status: z.enum(['published', 'hidden']),
  note: z.string().trim().max(500, 'A note has at most 500 characters').optional(),
});
export type ModerateReview = z.input<typeof moderateReviewSchema>;

export const reviewIdParamsSchema = z.object({ id: z.string() });

/** 'Ann Lee' -> 'Ann L.'; one name stays as it is. */
export function reviewAuthorName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'A patient';
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  return parts.length === 1 ? first : `${first} ${[...last][0]!.toUpperCase()}.`;
}

/** A doctor's published rating, where patients choose a doctor. */
export const doctorRatingSchema = z.object({ average: z.number(), count: z.number().int() }).nullable();

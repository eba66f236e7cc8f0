/**
 * The published reviews' cards and their schema.org data: /reviews' cards, and the home page's
 * newest three (the default export, which the home page loads only once a review is published).
 */
import { useState, type ReactNode, type Ref } from 'react';
import type { PublicReview, PublicReviewsPage } from '@clinic/shared';
import { initialsOf } from '../../../components/doctor-avatar.tsx';
import { LATEST_REVIEWS_SHOWN } from '../api/get-published-reviews.ts';
import { AVATAR_SIZE } from '../data/testimonials.ts';
import { reviewsJsonLd } from '../utils/reviews-json-ld.ts';
import { PlaceholderCards } from './placeholder-cards.tsx';
import { CLAMPED_TEXT_CLASS, PORTRAIT_CLASS, TestimonialCard } from './testimonial-card.tsx';
import { CARD_GRID_CLASS } from './testimonials-frame.tsx';

/** The patient's photo, or their initials in a circle of the same size when there is none. */
function Portrait({ name, img }: { name: string; img: string | null }) {
  const [hasFailed, setHasFailed] = useState(false);
  if (!img || hasFailed) {
    return (
      <span
        aria-hidden="true"
        className={`${PORTRAIT_CLASS} flex items-center justify-center bg-primary text-xl font-semibold text-primary-content`}
      >
        {initialsOf(name)}
      </span>
    );
  }
  return (
    <img
      src={img}
      alt={`Portrait of ${name}`}
      width={AVATAR_SIZE}
      height={AVATAR_SIZE}
      loading="lazy"
      decoding="async"
      onError={() => setHasFailed(true)}
      className={`${PORTRAIT_CLASS} object-cover`}
    />
  );
}

/**
 * /reviews' words' box: the line above (stars, date), the clamped words and the line below ('Read
 * more'), its height fixed like the home page's, for its placeholders to match.
 */
export const REVIEWS_PAGE_TEXT_BOX_CLASS = 'h-52';

type ReviewCardProps = {
  review: PublicReview;
  /** /reviews: a line above the words (the stars, the date) and one below ('Read more'). */
  lines?: { header: ReactNode; footer: ReactNode };
  /** The whole text instead of six lines. */
  isExpanded?: boolean;
  /** The words' element, for /reviews to tell whether the clamp cuts them off. */
  textRef?: Ref<HTMLParagraphElement>;
  textId?: string;
};

/**
 * A published review in the spec's card: the words (a text node only, never HTML, with the line
 * breaks the patient typed), the author as first name and initial, where they are from if they
 * said, and their photo or initials.
 */
export function ReviewCard({
  review,
  lines,
  isExpanded = false,
  textRef,
  textId,
}: ReviewCardProps) {
  const words = (
    <blockquote className="w-full">
      <p
        ref={textRef}
        id={textId}
        className={`whitespace-pre-line break-words ${isExpanded ? '' : CLAMPED_TEXT_CLASS}`}
      >
        {review.text}
      </p>
    </blockquote>
  );
  return (
    <TestimonialCard
      name={review.author}
      location={review.location}
      portrait={<Portrait name={review.author} img={review.img} />}
      text={
        lines ? (
          <div
            className={`flex w-full flex-col gap-2 ${isExpanded ? '' : REVIEWS_PAGE_TEXT_BOX_CLASS}`}
          >
            <div className="flex h-6 items-center justify-between gap-2">{lines.header}</div>
            {words}
            <div className="flex h-6 items-center">{lines.footer}</div>
          </div>
        ) : (
          words
        )
      }
    />
  );
}

type ReviewsJsonLdProps = {
  summary: Pick<PublicReviewsPage, 'average' | 'count'>;
  reviews: readonly PublicReview[];
};

/**
 * The page's schema.org data, only when reviews are published. React writes a data block's
 * text as it is (it never runs it); the text is escaped so that it cannot end the element.
 */
export function ReviewsJsonLd({ summary, reviews }: ReviewsJsonLdProps) {
  const json = reviewsJsonLd(summary, reviews);
  return json ? <script type="application/ld+json">{json}</script> : null;
}

/**
 * The home page's cards once a review is published: the three newest, or the spec's placeholders
 * while there are fewer; and the schema.org data of what is published.
 */
export default function LatestReviews({ page }: { page: PublicReviewsPage }) {
  const reviews =
    page.items.length >= LATEST_REVIEWS_SHOWN ? page.items.slice(0, LATEST_REVIEWS_SHOWN) : null;
  return (
    <>
      <ul className={`mt-10 ${CARD_GRID_CLASS}`}>
        {reviews ? (
          reviews.map((review) => <ReviewCard key={review._id} review={review} />)
        ) : (
          <PlaceholderCards />
        )}
      </ul>
      <ReviewsJsonLd summary={page} reviews={page.items} />
    </>
  );
}

import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { PublicReview, PublicReviewsPage } from '@clinic/shared';
import { StarRating } from '../../../components/review-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { currentLocale, useLocale, type Locale } from '../../../i18n/locale.ts';
import { pagesText, usePagesT, usePagesText } from '../../../i18n/pages.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { publishedReviewsQueryOptions } from '../api/get-review-pages.ts';
import { PlaceholderCards } from './placeholder-cards.tsx';
import { REVIEWS_PAGE_TEXT_BOX_CLASS, ReviewCard, ReviewsJsonLd } from './review-cards.tsx';
import { CARD_GRID_CLASS, TestimonialsFrame } from './testimonials-frame.tsx';

/** English numbers and dates are the spec's US ones; Spanish and German write their own. */
const tagOf = (locale: Locale) => (locale === 'en' ? 'en-US' : locale);

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
/** When a review was published, in the spec's medium style ('Jun 14, 2030'), in the reader's zone. */
function publishedDate(locale: Locale, iso: string): string {
  const format =
    dateFormats.get(locale) ?? new Intl.DateTimeFormat(tagOf(locale), { dateStyle: 'medium' });
  dateFormats.set(locale, format);
  return format.format(Date.parse(iso));
}

/** '4.6 out of 5 from 12 reviews', in the current language. */
export function averageText({ average, count }: Pick<PublicReviewsPage, 'average' | 'count'>) {
  const tag = tagOf(currentLocale());
  const value = (average ?? 0).toLocaleString(tag, { maximumFractionDigits: 1 });
  return count === 1
    ? pagesText('{{average}} out of 5 from 1 review', { average: value })
    : pagesText('{{average}} out of 5 from {{count}} reviews', {
        average: value,
        count: count.toLocaleString(tag),
      });
}

/** Whether the element's text is cut off by its clamp; asked again when its width changes. */
function useIsClamped(isExpanded: boolean) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [isClamped, setIsClamped] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    // Expanded, nothing is cut off, and 'Show less' must stay.
    if (!element || isExpanded) return;
    const measure = () => setIsClamped(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [isExpanded]);
  return { ref, isClamped };
}

function PublishedReviewCard({ review }: { review: PublicReview }) {
  const t = usePagesT();
  const locale = useLocale();
  const [isExpanded, setIsExpanded] = useState(false);
  const { ref, isClamped } = useIsClamped(isExpanded);
  const textId = useId();
  return (
    <ReviewCard
      review={review}
      isExpanded={isExpanded}
      textRef={ref}
      textId={textId}
      lines={{
        header: (
          <>
            <StarRating rating={review.rating} />
            <time dateTime={review.publishedAt} className="text-sm text-base-content/80">
              {publishedDate(locale, review.publishedAt)}
            </time>
          </>
        ),
        footer:
          isClamped || isExpanded ? (
            <button
              type="button"
              className="link link-primary text-sm"
              aria-expanded={isExpanded}
              aria-controls={textId}
              onClick={() => setIsExpanded((expanded) => !expanded)}
            >
              {isExpanded ? t('Show less') : t('Read more')}
            </button>
          ) : null,
      }}
    />
  );
}

/**
 * /reviews: the published reviews, newest first, a page at a time with 'Load more', under the
 * average rating and the count. Until one is published (and while the first page loads), the
 * spec's placeholder section, as tall as the cards that replace it. Long reviews are clamped like
 * the home page's, with 'Read more'. The schema.org data covers the reviews shown.
 */
export function PublishedReviews() {
  const t = usePagesT();
  // The failure arrives in English (the server's problem detail, or ours).
  const text = usePagesText();
  const reviews = useInfiniteQuery(publishedReviewsQueryOptions());
  const summary = reviews.data?.pages[0];
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];

  let summaryLine = null;
  if (reviews.isError && !reviews.isFetchNextPageError) {
    summaryLine = (
      <LoadFailed
        message={text(errorMessage(reviews.error))}
        retryLabel={t('Retry')}
        onRetry={() => void reviews.refetch()}
        layout="section"
      />
    );
  } else if (summary && summary.count > 0) {
    summaryLine = <p className="text-lg">{averageText(summary)}</p>;
  }

  return (
    <TestimonialsFrame headingLevel="h1">
      {/* Its height is kept while the reviews load, so the cards do not move when it fills. */}
      <div className="mt-2 min-h-7">{summaryLine}</div>
      <ul className={`mt-8 ${CARD_GRID_CLASS}`} aria-busy={reviews.isPending || undefined}>
        {items.length > 0 ? (
          items.map((review) => <PublishedReviewCard key={review._id} review={review} />)
        ) : (
          <PlaceholderCards textBoxClass={REVIEWS_PAGE_TEXT_BOX_CLASS} />
        )}
      </ul>
      {reviews.isFetchNextPageError && (
        <div className="mt-6">
          <LoadFailed
            message={text(errorMessage(reviews.error))}
            retryLabel={t('Retry')}
            onRetry={() => void reviews.fetchNextPage()}
            layout="section"
          />
        </div>
      )}
      {reviews.hasNextPage && !reviews.isFetchNextPageError && (
        <div className="mt-8 flex justify-center">
          <Button
            variant="outline"
            isLoading={reviews.isFetchingNextPage}
            onClick={() => void reviews.fetchNextPage()}
          >
            {t('Load more')}
          </Button>
        </div>
      )}
      {summary && <ReviewsJsonLd summary={summary} reviews={items} />}
    </TestimonialsFrame>
  );
}

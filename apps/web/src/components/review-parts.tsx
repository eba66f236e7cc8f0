/**
 * What every screen shows of a review: its stars (1 to 5) and its words. The stars are SVG so that
 * filled and empty ones both keep a 3:1 contrast on white (an outline for empty ones), whatever
 * the system fonts' star glyphs look like.
 */
import { useCommonT } from '../i18n/common.ts';

const STAR_PATH =
  'M12 2.6L14.5 9.2L21.5 9.5L16 13.9L17.9 20.7L12 16.8L6.1 20.7L8 13.9L2.5 9.5L9.5 9.2Z';

export const STAR_VALUES = [1, 2, 3, 4, 5] as const;

export function StarIcon({ isFilled, className = '' }: { isFilled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill={isFilled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinejoin="round"
    >
      <path d={STAR_PATH} />
    </svg>
  );
}

type StarRatingProps = {
  rating: number;
  /** The icons' size classes. */
  size?: string;
};

/** A rating as five stars, read out as '4 out of 5 stars' (in the reader's language). */
export function StarRating({ rating, size = 'h-4 w-4' }: StarRatingProps) {
  const t = useCommonT();
  return (
    <span
      role="img"
      aria-label={t('{{rating}} out of 5 stars', { rating })}
      className="inline-flex shrink-0 gap-0.5 text-warning"
    >
      {STAR_VALUES.map((value) => (
        <StarIcon key={value} isFilled={value <= rating} className={size} />
      ))}
    </span>
  );
}

/**
 * A review's words as plain text: a React text node (never HTML), its line breaks kept, and a
 * long word or link broken rather than widening the page.
 */
export function ReviewText({ text, className = '' }: { text: string; className?: string }) {
  return <p className={`whitespace-pre-line break-words ${className}`}>{text}</p>;
}

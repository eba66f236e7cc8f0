import { useId, type Ref } from 'react';
import { STAR_VALUES, StarIcon } from '../../../components/review-parts.tsx';
import { useReviewsT, useReviewsText } from '../../../i18n/reviews.ts';
import { useReviewTexts } from '../utils/use-review-texts.ts';

type StarRatingInputProps = {
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** The first star's input, for the form to focus when the rating is missing. */
  ref?: Ref<HTMLInputElement>;
};

/**
 * 1 to 5 stars as a native radio group: Tab reaches it, the arrow keys move the choice, and each
 * star is read out as '1 star' ... '5 stars'. The inputs are visually hidden; the stars are their
 * labels, the chosen one and those before it filled, with a focus ring on the focused one.
 */
export function StarRatingInput({ value, onChange, onBlur, error, ref }: StarRatingInputProps) {
  const name = useId();
  const legendId = useId();
  const errorId = useId();
  const t = useReviewsT();
  const text = useReviewsText();
  const { stars: starsLabel } = useReviewTexts();
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      className="flex flex-col gap-1"
    >
      <legend id={legendId} className="mb-1 text-sm font-medium">
        {t('Your rating')}
      </legend>
      <div className="flex items-center gap-1">
        {STAR_VALUES.map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-field p-0.5 text-warning has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-primary"
          >
            <input
              ref={star === 1 ? ref : undefined}
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              onBlur={onBlur}
              aria-label={starsLabel(star)}
              className="sr-only"
            />
            <StarIcon isFilled={value !== undefined && star <= value} className="h-8 w-8" />
          </label>
        ))}
        <span aria-hidden="true" className="ml-2 text-sm text-base-content/80">
          {value ? starsLabel(value) : ''}
        </span>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-error">
          {text(error)}
        </p>
      )}
    </fieldset>
  );
}

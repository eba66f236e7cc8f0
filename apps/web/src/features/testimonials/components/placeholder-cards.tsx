import { AVATAR_SIZE, testimonials } from '../data/testimonials.ts';
import { useCommonT } from '../../../i18n/common.ts';
import { CLAMPED_TEXT_CLASS, PORTRAIT_CLASS, TestimonialCard } from './testimonial-card.tsx';

/**
 * The spec's three placeholder cards (empty reviews), their words' box as tall as the review
 * cards' they stand for (/reviews' cards have a line above and below the words).
 */
export function PlaceholderCards({ textBoxClass = CLAMPED_TEXT_CLASS }: { textBoxClass?: string }) {
  const t = useCommonT();
  return testimonials.map(({ _id, name, location, img }) => (
    <TestimonialCard
      key={_id}
      name={name}
      location={location}
      portrait={
        <img
          src={img}
          alt={t('Portrait of {{name}}', { name })}
          width={AVATAR_SIZE}
          height={AVATAR_SIZE}
          loading="lazy"
          decoding="async"
          className={PORTRAIT_CLASS}
        />
      }
      text={<div aria-hidden="true" className={textBoxClass} />}
    />
  ));
}

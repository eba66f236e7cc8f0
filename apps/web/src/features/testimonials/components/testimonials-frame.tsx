import { useId, type ReactNode } from 'react';
import { landingTexts } from '@clinic/shared';
import { useCommonT } from '../../../i18n/common.ts';

/** The grid of cards: 1 column on small, 2 on medium, 3 on large screens (spec section 9). */
export const CARD_GRID_CLASS = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3';

type TestimonialsFrameProps = {
  /** h2 inside the home page, h1 on its own page (/reviews). */
  headingLevel?: 'h1' | 'h2';
  children: ReactNode;
};

/** 'What our Patients say' with what the page puts under it. */
export function TestimonialsFrame({
  headingLevel: Heading = 'h2',
  children,
}: TestimonialsFrameProps) {
  const headingId = useId();
  const t = useCommonT();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-6xl px-4 py-16">
      <p className="font-bold uppercase tracking-wide text-primary">{t('Testimonial')}</p>
      <Heading id={headingId} className="text-3xl font-semibold">
        {t(landingTexts.testimonialsTitle)}
      </Heading>
      {children}
    </section>
  );
}

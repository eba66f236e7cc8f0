import { useId, type ReactNode } from 'react';
import { landingTexts } from '@clinic/shared';

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
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-6xl px-4 py-16">
      <p className="font-bold uppercase tracking-wide text-primary">Testimonial</p>
      <Heading id={headingId} className="text-3xl font-semibold">
        {landingTexts.testimonialsTitle}
      </Heading>
      {children}
    </section>
  );
}

import { useId } from 'react';
import { texts } from '@clinic/shared';
import { testimonials } from '../data/testimonials.ts';
import { TestimonialCard } from './testimonial-card.tsx';

type TestimonialsSectionProps = {
  /** h2 inside the home page, h1 on its own page (/reviews). */
  headingLevel?: 'h1' | 'h2';
};

/** 'What our Patients say': 1 column on small, 2 on medium, 3 on large screens (spec section 9). */
export function TestimonialsSection({ headingLevel: Heading = 'h2' }: TestimonialsSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-6xl px-4 py-16">
      <p className="font-bold uppercase tracking-wide text-primary">Testimonial</p>
      <Heading id={headingId} className="text-3xl font-semibold">
        {texts.testimonialsTitle}
      </Heading>
      <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <TestimonialCard key={testimonial._id} testimonial={testimonial} />
        ))}
      </ul>
    </section>
  );
}

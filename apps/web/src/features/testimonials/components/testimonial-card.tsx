import type { ReactNode } from 'react';

/**
 * The words' box on a card: six lines at most, in a box of exactly that height whatever they hold
 * (the clamp only hides what overflows the box, so the box must end with the sixth line).
 */
export const CLAMPED_TEXT_CLASS = 'h-36 leading-6 line-clamp-6';

/** The photo's circle (an image, or the initials in its place). */
export const PORTRAIT_CLASS =
  'h-16 w-16 shrink-0 rounded-full ring-2 ring-primary ring-offset-2 ring-offset-base-100';

type TestimonialCardProps = {
  name: string;
  location: string | null;
  /** The photo, or what stands in for it, in a `PORTRAIT_CLASS` circle. */
  portrait: ReactNode;
  /** The review, in a box of fixed height (empty for the spec's placeholders). */
  text: ReactNode;
};

/**
 * One card of 'What our Patients say' in the spec's layout: the review, then the photo with the
 * name and the location. Every part has a fixed height (the words' box, one line each for the
 * name and the location), so a card is as tall whether it shows a review or a placeholder, and
 * the real reviews replace the placeholders without moving the page.
 */
export function TestimonialCard({ name, location, portrait, text }: TestimonialCardProps) {
  return (
    <li className="card bg-base-100 shadow-md">
      <figure className="card-body gap-4">
        {text}
        <figcaption className="flex items-center gap-4">
          {portrait}
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{name}</p>
            <p className="h-5 truncate text-sm">{location}</p>
          </div>
        </figcaption>
      </figure>
    </li>
  );
}

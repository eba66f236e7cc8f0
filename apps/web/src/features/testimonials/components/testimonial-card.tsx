import { AVATAR_SIZE, type Testimonial } from '../data/testimonials.ts';

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { name, location, img, review } = testimonial;
  return (
    <li className="card bg-base-100 shadow-md">
      <figure className="card-body gap-4">
        {review && (
          <blockquote>
            <p>{review}</p>
          </blockquote>
        )}
        <figcaption className="flex items-center gap-4">
          <img
            src={img}
            alt={`Portrait of ${name}`}
            width={AVATAR_SIZE}
            height={AVATAR_SIZE}
            loading="lazy"
            decoding="async"
            className="h-16 w-16 rounded-full ring-2 ring-primary ring-offset-2 ring-offset-base-100"
          />
          <div>
            <p className="text-lg font-semibold">{name}</p>
            <p className="text-sm">{location}</p>
          </div>
        </figcaption>
      </figure>
    </li>
  );
}

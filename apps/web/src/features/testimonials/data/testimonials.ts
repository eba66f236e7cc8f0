/**
 * The spec's three sample testimonials (section 3: _id, name, review, location, img), placeholders
 * until real reviews exist: the review text is empty, as in the spec.
 */
import avatarWinson from '../../../assets/avatar-winson.webp';
import avatarSarah from '../../../assets/avatar-sarah.webp';
import avatarDavid from '../../../assets/avatar-david.webp';

export type Testimonial = {
  _id: string;
  name: string;
  review: string;
  location: string;
  img: string;
};

export const testimonials: readonly Testimonial[] = [
  { _id: '1', name: 'Winson Herry', review: '', location: 'California', img: avatarWinson },
  { _id: '2', name: 'Sarah Lopez', review: '', location: 'Texas', img: avatarSarah },
  { _id: '3', name: 'David Kim', review: '', location: 'New York', img: avatarDavid },
];

/** Shown size of the avatars, matching the generated 96 px images (scripts/make-images.ts). */
export const AVATAR_SIZE = 96;

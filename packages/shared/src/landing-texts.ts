/**
 * The spec's words the landing page, its navbar and its footer show, worded exactly as in
 * spec/portal-spec.md, in a module of their own: a chunk takes whole modules, so the landing
 * page's entry carries these and not every other page's texts (texts.ts re-exports them all;
 * budget: docs/benchmarks.md).
 */

/** The spec's texts of the landing page; `texts` holds these and the rest. */
export const landingTexts = {
  brand: 'Doctors Portal',
  copyright: 'All right reserved by Doctors Portal',
  heroTitle: 'Exceptional Dental Care, on Your Terms',
  ctaTitle: 'Make an Appointment Today',
  getStarted: 'Get Started',
  servicesTitle: 'Service We Provide',
  testimonialsTitle: 'What our Patients say',
  contactTitle: 'Contact Us',
  contactSubtitle: 'Stay connected with us',
  loadingChunkFailed: 'Loading chunk failed',
} as const;

/** Toasts sit top-right and close after this long (spec section 9). */
export const TOAST_DURATION_MS = 5000;

/** Navbar labels (spec section 2). */
export const navLabels = {
  home: 'Home',
  appointment: 'Appointment',
  reviews: 'Reviews',
  contactUs: 'Contact Us',
  about: 'About',
  dashboard: 'Dashboard',
  login: 'Login',
  signOut: 'Sign Out',
} as const;

/** The footer's three columns and their plain links (spec section 2), in order. */
export const footerColumns = [
  { title: 'Services', links: ['Branding', 'Design', 'Marketing', 'Advertisement'] },
  { title: 'Company', links: ['About us', 'Contact', 'Jobs', 'Press kit'] },
  { title: 'Legal', links: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
] as const;

/** Home page info cards (spec section 1). */
export const infoCardTitles = {
  openingHours: 'Opening Hours',
  location: 'Visit our location',
  contact: 'Contact us now',
} as const;

/** The three static service cards of 'Service We Provide' (spec section 1), in order. */
export const staticServiceNames = ['Fluoride Treatment', 'Cavity Filling', 'Teeth Whitening'] as const;

/**
 * Every user-facing string the spec fixes, worded exactly as in spec/portal-spec.md
 * (odd spellings included). Screens and the server import these; nobody retypes them.
 */
export { messages, toasts } from './messages.ts';

export const texts = {
  brand: 'Doctors Portal',
  copyright: 'All right reserved by Doctors Portal',
  heroTitle: 'Exceptional Dental Care, on Your Terms',
  ctaTitle: 'Make an Appointment Today',
  getStarted: 'Get Started',
  servicesTitle: 'Service We Provide',
  testimonialsTitle: 'What our Patients say',
  contactTitle: 'Contact Us',
  contactSubtitle: 'Stay connected with us',
  about: 'This is about',
  dashboardWelcome: 'Welcome to your Dashboard',
  availableOn: (date: string) => `Available Appointments on ${date}`,
  noSlot: 'No Slot Available',
  spacesAvailable: (n: number) => `${n} ${n === 1 ? 'space' : 'spaces'} available`,
  price: (amount: number) => `price: $${amount}`,
  bookAppointment: 'Book Appointment',
  bookingFor: (treatment: string) => `Booking for ${treatment}`,
  deleteDoctorConfirm: (name: string) => `Are you sure you want to delete dr.${name}`,
  historyLoading: 'History loading',
  loadingChunkFailed: 'Loading chunk failed',
  continueWithGoogle: 'Continue with Google',
  googleNotConfigured: 'Google sign-in is not configured for this clinic yet.',
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

/** Button words of the login and sign-up screens (spec section 2). */
export const authButtons = {
  login: 'Login',
  signUp: 'Sign Up',
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

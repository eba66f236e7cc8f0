/**
 * Every user-facing string the spec fixes, worded exactly as in spec/portal-spec.md
 * (odd spellings included). Screens and the server import these; nobody retypes them.
 */
import { landingTexts } from './landing-texts.ts';

export { messages, toasts } from './messages.ts';

export {
  footerColumns,
  infoCardTitles,
  landingTexts,
  navLabels,
  staticServiceNames,
  TOAST_DURATION_MS,
} from './landing-texts.ts';

export const texts = {
  ...landingTexts,
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
  continueWithGoogle: 'Continue with Google',
  googleNotConfigured: 'Google sign-in is not configured for this clinic yet.',
} as const;

/** Button words of the login and sign-up screens (spec section 2). */
export const authButtons = {
  login: 'Login',
  signUp: 'Sign Up',
} as const;

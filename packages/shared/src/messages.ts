/**
 * The spec's validation messages and toasts (see texts.ts), in a module of their own: the web
 * app's landing page uses none of them, and a module the entry imports travels whole in the
 * entry's chunk, so these load with the forms and pages that show them instead.
 */
export const messages = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Provide a valid Email',
  passwordRequired: 'Password is Required',
  passwordTooShort: 'Must be six character or longer',
  /** Not in the spec: the 10,000 most common passwords are refused (server-side only). */
  passwordTooCommon: 'This password is too common. Please choose another.',
  /** Not in the spec (server-side only): `aaaaaa`, `121212` and the like. */
  passwordTooFewCharacters: 'This password repeats too few characters. Use at least 4 different ones.',
  /** Not in the spec (server-side only): the address's name part is the first thing guessed. */
  passwordContainsEmail: 'This password contains your email address. Please choose another.',
  nameRequired: 'Name is Required',
  imageRequired: 'Image is Required',
  subjectRequired: 'Subject is Required',
  messageRequired: 'Message is Required',
} as const;

export const toasts = {
  contactReceived: 'We received your message',
  madeAdmin: 'successfully made an admin',
  makeAdminFailed: 'Failed to make an admin',
  doctorAdded: 'Doctor added Successfully',
  doctorAddFailed: 'Faild to add the doctor',
  doctorDeleted: (name: string) => `Doctor ${name} deleted`,
  bookingSet: (date: string, slot: string) => `Appointment is set, ${date} at ${slot}`,
  bookingConflict: (date: string, slot: string) =>
    `Already have and appointment on ${date} at ${slot}`,
  /** Not in the spec: the profile page (name, phone) saved. */
  profileSaved: 'Your profile is saved',
} as const;

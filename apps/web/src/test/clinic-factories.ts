/** Factories for tests of the clinic's profile: a fresh install's (nothing set) and a set one. */
import type { ClinicProfile } from '@clinic/shared';

/** What a fresh install answers: nothing written, and the schedule's hours derived. */
export function clinicProfileFactory(overrides: Partial<ClinicProfile> = {}): ClinicProfile {
  return {
    name: '',
    phone: '',
    email: '',
    address: '',
    timezone: 'UTC',
    chosenTimezone: null,
    openingHours: [],
    about: '',
    privacyPolicy: '',
    terms: '',
    ...overrides,
  };
}

/** A clinic that has filled in everything. */
export function filledClinicProfileFactory(overrides: Partial<ClinicProfile> = {}): ClinicProfile {
  return clinicProfileFactory({
    name: 'Smile Studio',
    phone: '+49 30 1234567',
    email: 'hello@smile.test',
    address: 'Hauptstraße 1, 10115 Berlin',
    timezone: 'Europe/Berlin',
    openingHours: [
      { days: 'Mon–Fri', hours: ['08:00–12:00', '13:00–17:00'] },
      { days: 'Sat', hours: ['09:00–13:00'] },
    ],
    about: 'We care for teeth.\n\nSince 1999.',
    privacyPolicy: 'We keep your data safe.\n\nAsk us anything.',
    terms: 'Be on time.',
    ...overrides,
  });
}

/** Factories for tests of the booking screens: treatments with free slots, bookings. */
import type { Booking, TreatmentAvailability } from '@clinic/shared';

export const slotLabels = [
  '08.00 AM - 08.30 AM',
  '08.30 AM - 09.00 AM',
  '09.00 AM - 09.30 AM',
] as const;

export function treatmentFactory(
  overrides: Partial<TreatmentAvailability> = {},
): TreatmentAvailability {
  return {
    _id: '5f0c1c0e-0000-4000-8000-000000000003',
    name: 'Teeth Cleaning',
    slots: [...slotLabels],
    price: 17,
    ...overrides,
  };
}

export function bookingFactory(overrides: Partial<Booking> = {}): Booking {
  return {
    _id: 'b1',
    treatmentId: '5f0c1c0e-0000-4000-8000-000000000003',
    treatment: 'Teeth Cleaning',
    date: '2030-06-12',
    slot: '08.30 AM - 09.00 AM',
    price: 17,
    paid: false,
    patient: 'pat@example.com',
    patientName: 'Pat Patient',
    phone: '',
    transactionId: null,
    paymentMode: null,
    ...overrides,
  };
}

/** Factories for the schedule screens' tests: treatments, doctors, exceptions, bookings in the way. */
import type { AdminTreatment, AffectedBooking, Doctor, ScheduleException } from '@clinic/shared';

export const SARAH_ID = '3b1f7d0e-2c4a-4b8e-9a6d-5e4f3a2b1c0d';
export const DAVID_ID = '8d2e6c1a-7f3b-4e9d-8c5a-1b2c3d4e5f60';

export function doctorFactory(overrides: Partial<Doctor> = {}): Doctor {
  return {
    _id: SARAH_ID,
    name: 'Sarah Smile',
    email: 'sarah@clinic.test',
    specialty: 'Oral Surgery',
    img: '/api/image/0b9f6a56-4a3c-4e57-9d7e-2f1f0f1d1a2b',
    ...overrides,
  };
}

export const sarah = doctorFactory();
export const david = doctorFactory({
  _id: DAVID_ID,
  name: 'David Drill',
  email: 'david@clinic.test',
  specialty: 'Teeth Cleaning',
});

export function adminTreatmentFactory(overrides: Partial<AdminTreatment> = {}): AdminTreatment {
  return {
    _id: '5f0c1c0e-0000-4000-8000-000000000003',
    name: 'Teeth Cleaning',
    price: 17,
    durationMin: 30,
    requiresDoctor: false,
    active: true,
    description: '',
    doctorIds: [],
    recallMonths: null,
    ...overrides,
  };
}

export function affectedBookingFactory(overrides: Partial<AffectedBooking> = {}): AffectedBooking {
  return {
    _id: 'b1',
    date: '2030-06-12',
    slot: '08.30 AM - 09.00 AM',
    treatment: 'Teeth Cleaning',
    patientName: 'Pat Patient',
    doctorId: null,
    ...overrides,
  };
}

export function scheduleExceptionFactory(
  overrides: Partial<ScheduleException> = {},
): ScheduleException {
  return {
    _id: 'e1',
    doctorId: null,
    dateFrom: '2030-12-24',
    dateTo: '2030-12-26',
    kind: 'closed',
    startMin: null,
    endMin: null,
    reason: 'Christmas',
    createdAt: '2030-06-01T09:00:00.000Z',
    ...overrides,
  };
}

/** The problem+json a refused schedule change answers with, listing the bookings in the way. */
export function hasFutureBookingsBody(
  bookings: AffectedBooking[],
  detail = 'Bookings stand in the way.',
) {
  return { code: 'has_future_bookings', detail, bookings };
}

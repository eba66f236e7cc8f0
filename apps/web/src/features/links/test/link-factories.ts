/** Factories for the signed-link page's tests: what `GET /api/links/:token` and its actions answer. */
import type { LinkBooking, LinkResult, LinkView, TreatmentAvailability } from '@clinic/shared';

export const TOKEN = 'tok_abc-123';
export const treatmentId = '5f0c1c0e-0000-4000-8000-000000000003';
export const annId = '7d0c1c0e-0000-4000-8000-000000000001';

export const slotLabels = [
  '08.00 AM - 08.30 AM',
  '08.30 AM - 09.00 AM',
  '09.00 AM - 09.30 AM',
] as const;

/** 08.00 on Jun 5, 2030 in a clinic at UTC; online changes close 24 hours before. */
export function linkBookingFactory(overrides: Partial<LinkBooking> = {}): LinkBooking {
  return {
    _id: 'b1',
    treatment: 'Teeth Cleaning',
    treatmentId,
    date: '2030-06-05',
    slot: slotLabels[0],
    doctor: null,
    doctorId: null,
    status: 'confirmed',
    confirmedAt: null,
    cancelUntil: '2030-06-04T08:00:00.000Z',
    rescheduleUntil: '2030-06-04T08:00:00.000Z',
    ...overrides,
  };
}

export function linkViewFactory(overrides: Partial<LinkView> = {}): LinkView {
  return {
    purpose: 'confirm',
    expiresAt: '2030-06-05T08:00:00.000Z',
    firstName: 'Pat',
    booking: linkBookingFactory(),
    callbackOpen: false,
    ...overrides,
  };
}

export function linkResultFactory(
  done: LinkResult['done'],
  booking: Partial<LinkBooking> | null = {},
): LinkResult {
  return booking === null ? { done } : { done, booking: linkBookingFactory(booking) };
}

/** `GET /api/available`: the booking's treatment with `slots`, and another treatment beside it. */
export function availableFactory(slots: readonly string[] = slotLabels): TreatmentAvailability[] {
  return [
    { _id: 'other-treatment', name: 'Root Canal', slots: ['11.00 AM - 11.30 AM'], price: 40 },
    { _id: treatmentId, name: 'Teeth Cleaning', slots: [...slots], price: 17 },
  ];
}

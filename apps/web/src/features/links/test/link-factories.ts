/** Factories for the signed-link page's tests: what `GET /api/links/:token` and its actions answer. */
import type { Availability, LinkBooking, LinkResult, LinkView } from '@clinic/shared';
import { availabilityFactory, doctorFactory, laneFactory } from '../../../test/factories.ts';

export const TOKEN = 'tok_abc-123';
export const treatmentId = '5f0c1c0e-0000-4000-8000-000000000003';
export const annId = '7d0c1c0e-0000-4000-8000-000000000001';
export const bobId = '7d0c1c0e-0000-4000-8000-000000000002';
export const ann = doctorFactory({ _id: annId, name: 'Ann Lee' });
export const bob = doctorFactory({
  _id: bobId,
  name: 'Bob Stone',
  img: 'https://img.example/bob.png',
});

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

/**
 * `GET /api/links/:token/availability`: the link's treatment on `date`, by default one lane
 * without a doctor and the three `slotLabels` free.
 */
export function linkAvailabilityFactory(
  overrides: { date?: string; lanes?: Availability['lanes'] } = {},
): Availability {
  const { date = '2030-06-05', lanes = [laneFactory(null, slotLabels)] } = overrides;
  return availabilityFactory({
    date,
    requiresDoctor: lanes.some((lane) => lane.doctor !== null),
    lanes,
  });
}

/** A recall link's view: Teeth Cleaning due on Dec 5, 2030 and three free times offered. */
export function recallViewFactory(overrides: Partial<LinkView> = {}): LinkView {
  return {
    purpose: 'recall',
    expiresAt: '2031-02-18T23:59:59.000Z',
    firstName: 'Pat',
    recall: { treatment: 'Teeth Cleaning', dueDate: '2030-12-05' },
    suggestions: [
      { date: '2030-11-23', slot: slotLabels[0], doctorId: annId },
      { date: '2030-11-23', slot: slotLabels[1], doctorId: bobId },
      { date: '2030-11-25', slot: slotLabels[2], doctorId: annId },
    ],
    ...overrides,
  };
}

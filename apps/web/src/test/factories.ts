/**
 * Factories for tests of the booking screens: treatments with free slots, bookings, the clinic's
 * calendar and one treatment's availability per doctor.
 */
import type {
  Availability,
  Booking,
  BookingDetail,
  BookingEvent,
  CalendarDay,
  TreatmentAvailability,
} from '@clinic/shared';

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
    doctor: null,
    status: 'confirmed',
    version: 1,
    // 08.30 on Jun 12, 2030 in a clinic at UTC; the deadlines are 24 hours before.
    startsAt: '2030-06-12T08:30:00.000Z',
    endsAt: '2030-06-12T09:00:00.000Z',
    cancelDeadline: '2030-06-11T08:30:00.000Z',
    rescheduleDeadline: '2030-06-11T08:30:00.000Z',
    canCancel: true,
    canReschedule: true,
    cancelledBy: null,
    refund: null,
    arrivedAt: null,
    ...overrides,
  };
}

export function bookingEventFactory(overrides: Partial<BookingEvent> = {}): BookingEvent {
  return {
    _id: 'e1',
    at: '2030-06-01T10:00:00.000Z',
    actor: 'patient',
    type: 'created',
    data: {},
    ...overrides,
  };
}

/** `GET /api/booking/:id`: the booking with its history (by default, only its creation). */
export function bookingDetailFactory(overrides: Partial<BookingDetail> = {}): BookingDetail {
  return { ...bookingFactory(overrides), events: [bookingEventFactory()], ...overrides };
}

/** Every day from `from` to `to` (ISO, inclusive) open, with `closed` days shut. */
export function calendarFactory(from: string, to: string, closed: string[] = []): CalendarDay[] {
  const days: CalendarDay[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); ; day.setUTCDate(day.getUTCDate() + 1)) {
    const date = day.toISOString().slice(0, 10);
    if (date > to) break;
    const open = !closed.includes(date);
    days.push({ date, open, free: open ? 96 : 0 });
  }
  return days;
}

type Lane = Availability['lanes'][number];
type LaneDoctor = NonNullable<Lane['doctor']>;

export function doctorFactory(overrides: Partial<LaneDoctor> = {}): LaneDoctor {
  return {
    _id: '7d0c1c0e-0000-4000-8000-000000000001',
    name: 'Ann Lee',
    img: 'https://img.example/ann.png',
    ...overrides,
  };
}

/** A lane's free starts from their labels (`08.00 AM - 08.30 AM`), with the minutes they span. */
export function laneFactory(doctor: LaneDoctor | null, labels: readonly string[]): Lane {
  const minutes = (clock: string) => {
    const [, hour, minute, half] = /^(\d\d)\.(\d\d) (AM|PM)$/.exec(clock)!;
    return ((Number(hour) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(minute);
  };
  return {
    doctor,
    slots: labels.map((label) => {
      const [start, end] = label.split(' - ') as [string, string];
      return { label, startMin: minutes(start), endMin: minutes(end) };
    }),
  };
}

/** `GET /api/availability` for the factory's treatment: by default one lane, no doctor needed. */
export function availabilityFactory(
  overrides: { date?: string; requiresDoctor?: boolean; lanes?: Lane[] } = {},
): Availability {
  const { date = '2030-06-12', requiresDoctor = false, lanes } = overrides;
  return {
    date,
    treatment: {
      _id: '5f0c1c0e-0000-4000-8000-000000000003',
      name: 'Teeth Cleaning',
      durationMin: 30,
      requiresDoctor,
    },
    lanes: lanes ?? [laneFactory(null, slotLabels)],
  };
}

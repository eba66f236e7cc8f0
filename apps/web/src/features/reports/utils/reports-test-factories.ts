/** Factories for the Reports page's tests: a report as the server answers it, and its filters' lists. */
import type { AdminTreatment, PublicDoctor, ReportsSummary, ReportWeek } from '@clinic/shared';

export const DR_ADA_ID = '5f0c1c0e-0000-4000-8000-0000000000a1';
export const DR_BOB_ID = '5f0c1c0e-0000-4000-8000-0000000000b2';
export const CLEANING_ID = '5f0c1c0e-0000-4000-8000-000000000003';
export const WHITENING_ID = '5f0c1c0e-0000-4000-8000-000000000004';

export const reportDoctors: PublicDoctor[] = [
  { _id: DR_BOB_ID, name: 'Dr. Bob Brown', img: '', bio: '', treatments: [] },
  { _id: DR_ADA_ID, name: 'Dr. Ada Adams', img: '', bio: '', treatments: [] },
];

function treatment(_id: string, name: string): AdminTreatment {
  return {
    _id,
    name,
    price: 50,
    durationMin: 30,
    requiresDoctor: true,
    active: true,
    description: '',
    doctorIds: [],
    recallMonths: null,
  };
}

export const reportTreatments: AdminTreatment[] = [
  treatment(WHITENING_ID, 'Teeth Whitening'),
  treatment(CLEANING_ID, 'Teeth Cleaning'),
];

function week(overrides: Partial<ReportWeek> & Pick<ReportWeek, 'week'>): ReportWeek {
  return {
    confirmed: 0,
    cancelled: 0,
    completed: 0,
    noShow: 0,
    paidCents: 0,
    refundedCents: 0,
    netCents: 0,
    ...overrides,
  };
}

/**
 * June 3 to 16, 2030 (two whole weeks): 12 appointments, 2 of 10 finished visits no-shows,
 * $350 taken and $50 refunded, two doctors, one of them with no open hours.
 */
export function reportsSummaryFactory(overrides: Partial<ReportsSummary> = {}): ReportsSummary {
  return {
    from: '2030-06-03',
    to: '2030-06-16',
    bookings: { confirmed: 1, cancelled: 1, completed: 8, noShow: 2 },
    noShowRate: 0.2,
    cancellations: { lt24h: 1, h24to48: 0, gt48h: 0 },
    leadTimeDays: { p50: 2.5, p90: 9 },
    byTreatment: [
      {
        treatmentId: CLEANING_ID,
        name: 'Teeth Cleaning',
        confirmed: 1,
        cancelled: 1,
        completed: 6,
        noShow: 2,
        bookedMin: 330,
      },
      {
        treatmentId: WHITENING_ID,
        name: 'Teeth Whitening',
        confirmed: 0,
        cancelled: 0,
        completed: 2,
        noShow: 0,
        bookedMin: 120,
      },
    ],
    byDoctor: [
      {
        doctorId: DR_ADA_ID,
        name: 'Dr. Ada Adams',
        bookings: 11,
        bookedMin: 450,
        openMin: 1200,
        utilization: 0.375,
      },
      {
        doctorId: DR_BOB_ID,
        name: 'Dr. Bob Brown',
        bookings: 0,
        bookedMin: 0,
        openMin: 0,
        utilization: null,
      },
    ],
    revenue: {
      paidCents: 35_000,
      refundedCents: 5_000,
      netCents: 30_000,
      byDay: [{ date: '2030-06-04', paidCents: 35_000, refundedCents: 5_000, netCents: 30_000 }],
    },
    byDay: [],
    byWeek: [
      week({
        week: '2030-06-03',
        completed: 5,
        noShow: 2,
        cancelled: 1,
        paidCents: 35_000,
        refundedCents: 5_000,
        netCents: 30_000,
      }),
      week({ week: '2030-06-10', confirmed: 1, completed: 3 }),
    ],
    waitlist: { offers: 4, claimed: 3, fillRate: 0.75, medianRefillMinutes: 42 },
    createdVia: { online: 7, admin: 3, waitlist: 1, recall: 1 },
    confirmationRate: 0.5,
    checkInRate: 0.25,
    recall: { due: 5, booked: 1, reactivationRate: 0.2 },
    ...overrides,
  };
}

/** A range in which nothing happened: every rate null, every count 0. */
export function emptyReportsSummaryFactory(
  overrides: Partial<ReportsSummary> = {},
): ReportsSummary {
  return reportsSummaryFactory({
    bookings: { confirmed: 0, cancelled: 0, completed: 0, noShow: 0 },
    noShowRate: null,
    cancellations: { lt24h: 0, h24to48: 0, gt48h: 0 },
    leadTimeDays: { p50: null, p90: null },
    byTreatment: [],
    byDoctor: [],
    revenue: { paidCents: 0, refundedCents: 0, netCents: 0, byDay: [] },
    byWeek: [week({ week: '2030-06-03' }), week({ week: '2030-06-10' })],
    waitlist: { offers: 0, claimed: 0, fillRate: null, medianRefillMinutes: null },
    createdVia: { online: 0, admin: 0, waitlist: 0, recall: 0 },
    confirmationRate: null,
    checkInRate: null,
    recall: { due: 0, booked: 0, reactivationRate: null },
    ...overrides,
  });
}

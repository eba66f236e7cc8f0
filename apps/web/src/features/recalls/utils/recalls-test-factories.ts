/** Factories for the Recalls worklist's tests: recalls as the front desk lists them, and pages. */
import type { AdminRecallItem, AdminRecallsPage, Recall } from '@clinic/shared';

export const CLEANING_ID = '5f0c1c0e-0000-4000-8000-000000000003';
export const WHITENING_ID = '5f0c1c0e-0000-4000-8000-000000000004';

/** Pat Patient, due for a cleaning six months after the one in December, one message sent. */
export function recallItemFactory(
  overrides: { recall?: Partial<Recall> } & Partial<Omit<AdminRecallItem, 'recall'>> = {},
): AdminRecallItem {
  const { recall, ...rest } = overrides;
  return {
    recall: {
      _id: 'r1',
      treatmentId: CLEANING_ID,
      treatment: 'Teeth Cleaning',
      dueDate: '2030-06-12',
      status: 'due',
      attempts: 1,
      lastContactedAt: '2030-05-29T09:00:00.000Z',
      snoozedUntil: null,
      note: '',
      createdAt: '2029-12-12T10:00:00.000Z',
      ...recall,
    },
    patient: { name: 'Pat Patient', email: 'pat@example.com', phone: '+1 555 0100' },
    lastVisit: { date: '2029-12-12', slot: '08.30 AM - 09.00 AM', treatment: 'Teeth Cleaning' },
    ...rest,
  };
}

export function recallsPageFactory(
  items: AdminRecallItem[],
  nextCursor: string | null = null,
): AdminRecallsPage {
  return { items, nextCursor };
}

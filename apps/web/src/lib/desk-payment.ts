/**
 * A payment the front desk took in person (`paymentMode: 'desk'`): how it reads to the patient
 * and to staff. Its transaction id says the method (`desk_cash_…`, `desk_card-terminal_…`).
 */
import { DESK_TRANSACTION_PREFIX, type DeskPaymentRequest } from '@clinic/shared';

export type DeskPaymentMethod = DeskPaymentRequest['method'];

/** The desk's words for each method (the dialog's choices). */
export const DESK_METHOD_LABELS: Record<DeskPaymentMethod, string> = {
  cash: 'Cash',
  'card-terminal': 'Card terminal',
};

/** The method of a desk payment, from its transaction id; null for any other id. */
export function deskPaymentMethodOf(transactionId: string | null): DeskPaymentMethod | null {
  if (!transactionId?.startsWith(DESK_TRANSACTION_PREFIX)) return null;
  const method = transactionId.slice(DESK_TRANSACTION_PREFIX.length).split('_')[0];
  return method === 'cash' || method === 'card-terminal' ? method : null;
}

/** "Paid at the clinic in cash." / "…by card." / "Paid at the clinic." for the patient's pages. */
export function paidAtClinicText(transactionId: string | null): string {
  switch (deskPaymentMethodOf(transactionId)) {
    case 'cash':
      return 'Paid at the clinic in cash.';
    case 'card-terminal':
      return 'Paid at the clinic by card.';
    default:
      return 'Paid at the clinic.';
  }
}

import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AdminBooking } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Modal, ModalFooter, type ModalHandle } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { DESK_METHOD_LABELS, type DeskPaymentMethod } from '../../../lib/desk-payment.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { priceLabel } from '../../../lib/price-label.ts';
import { isStaleRow, useRecordDeskPayment } from '../api/record-desk-payment.ts';

export const PAYMENT_RECORDED_TOAST = 'Payment recorded';
export const CHOOSE_METHOD_TEXT = 'Choose how the patient paid';

const METHODS = Object.keys(DESK_METHOD_LABELS) as DeskPaymentMethod[];

type RecordPaymentDialogProps = { booking: AdminBooking; onClose: () => void };

/**
 * The front desk took the booking's price in person: who, for what, how much, and how it was
 * paid. No method is chosen for the desk, so the record says what really happened.
 */
export function RecordPaymentDialog({ booking, onClose }: RecordPaymentDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const ids = useId();
  const record = useRecordDeskPayment();
  const [method, setMethod] = useState<DeskPaymentMethod | null>(null);
  const [isMissing, setIsMissing] = useState(false);
  const patientName = booking.patientAccount.name || booking.patientName;
  const amount = priceLabel(booking.price);

  const submit = () => {
    if (!method) {
      setIsMissing(true);
      return;
    }
    record.mutate(
      { id: booking._id, request: { method } },
      {
        onSuccess: () => {
          toast.success(PAYMENT_RECORDED_TOAST);
          modalRef.current?.close();
        },
        onError: (error) => {
          // 'This booking is already paid.' and the like: the list shows why once it is fresh.
          toast.error(errorMessage(error));
          if (isStaleRow(error)) modalRef.current?.close();
        },
      },
    );
  };

  return (
    <Modal ref={modalRef} title={`Record ${patientName}'s payment`} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="flex flex-col gap-4"
      >
        <p>
          {booking.treatment}, {mediumDateOf(booking.date)} at {booking.slot}
          {booking.doctor ? ` with ${booking.doctor.name}` : ''}.
        </p>
        <p className="text-lg font-semibold">Amount: {amount}</p>
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={isMissing ? `${ids}-error` : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Paid by</legend>
          {METHODS.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                name={`${ids}-method`}
                value={value}
                checked={method === value}
                className="size-4 accent-primary"
                onChange={() => {
                  setMethod(value);
                  setIsMissing(false);
                }}
              />
              {DESK_METHOD_LABELS[value]}
            </label>
          ))}
          {isMissing && (
            <p id={`${ids}-error`} role="alert" className="text-sm text-error">
              {CHOOSE_METHOD_TEXT}
            </p>
          )}
        </fieldset>
        <ModalFooter dismissLabel="Not now" onDismiss={() => modalRef.current?.close()}>
          <Button type="submit" isLoading={record.isPending}>
            Record {amount} payment
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

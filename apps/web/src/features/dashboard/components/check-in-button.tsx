import type { Booking } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { useCheckIn } from '../api/check-in.ts';

/**
 * "Check in" on a booking of the next hour: tells the front desk the patient is here. Once done
 * (now or on an earlier visit to the page) it reads "Checked in"; a refusal (too early, too late) shows the server's words under it.
 */
export function CheckInButton({ booking }: { booking: Booking }) {
  const checkIn = useCheckIn();
  if (checkIn.isSuccess || booking.arrivedAt) {
    return (
      <span role="status" className="badge badge-success whitespace-nowrap">
        Checked in
      </span>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        className="btn-sm min-h-11 whitespace-nowrap sm:min-h-0"
        isLoading={checkIn.isPending}
        aria-label={`Check in: ${booking.treatment}, ${mediumDateOf(booking.date)}, ${booking.slot}`}
        onClick={() => checkIn.mutate(booking._id)}
      >
        Check in
      </Button>
      {checkIn.isError && (
        <p role="alert" className="max-w-xs text-sm text-error">
          {errorMessage(checkIn.error)}
        </p>
      )}
    </div>
  );
}

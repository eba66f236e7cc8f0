import type { Booking } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAppT, useAppText } from '../../../i18n/app.ts';
import { useLocalFormat } from '../../../i18n/format.ts';
import { useCheckIn } from '../api/check-in.ts';

/**
 * "Check in" on a booking of the next hour: tells the front desk the patient is here. Once done
 * (now or on an earlier visit to the page) it reads "Checked in"; a refusal (too early, too late) shows the server's words under it.
 */
export function CheckInButton({ booking }: { booking: Booking }) {
  const checkIn = useCheckIn();
  const t = useAppT();
  const text = useAppText();
  const format = useLocalFormat();
  if (checkIn.isSuccess || booking.arrivedAt) {
    return (
      <span role="status" className="badge badge-success whitespace-nowrap">
        {t('Checked in')}
      </span>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        className="btn-sm min-h-11 whitespace-nowrap sm:min-h-0"
        isLoading={checkIn.isPending}
        aria-label={t('Check in: {{treatment}}, {{date}}, {{slot}}', { treatment: booking.treatment, date: format.date(booking.date), slot: format.slot(booking.slot) })}
        onClick={() => checkIn.mutate(booking._id)}
      >
        {t('Check in')}
      </Button>
      {checkIn.isError && (
        <p role="alert" className="max-w-xs text-sm text-error">
          {text(errorMessage(checkIn.error))}
        </p>
      )}
    </div>
  );
}

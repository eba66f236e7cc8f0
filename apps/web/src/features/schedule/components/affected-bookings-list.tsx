import { mediumDateOf } from '../../../lib/medium-date.ts';
import type { FutureBookingsConflict } from '../api/future-bookings-conflict.ts';

type AffectedBookingsListProps = {
  conflict: FutureBookingsConflict;
  /** Doctors' names by id, to say whose booking each is. */
  doctorNames?: ReadonlyMap<string, string>;
};

function bookingsCount(count: number): string {
  return count === 1 ? '1 confirmed booking' : `${count} confirmed bookings`;
}

/**
 * The confirmed bookings a schedule change would strand (a 409 `has_future_bookings`): the count,
 * then each one's date, time, treatment, patient and doctor.
 */
export function AffectedBookingsList({ conflict, doctorNames }: AffectedBookingsListProps) {
  return (
    <div className="flex flex-col gap-2">
      <p>
        {conflict.detail ? `${conflict.detail} ` : ''}
        {bookingsCount(conflict.count)} {conflict.count === 1 ? 'is' : 'are'} in the way.
      </p>
      {conflict.bookings.length > 0 && (
        <ul
          aria-label="Bookings in the way"
          className="flex max-h-64 flex-col gap-1 overflow-y-auto text-sm"
        >
          {conflict.bookings.map((booking) => {
            const doctor = booking.doctorId ? doctorNames?.get(booking.doctorId) : undefined;
            return (
              <li key={booking._id} className="rounded-box bg-base-200 px-3 py-2">
                <span className="font-medium">
                  {mediumDateOf(booking.date)}, {booking.slot}
                </span>
                : {booking.treatment} for {booking.patientName}
                {doctor ? ` with ${doctor}` : ''}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

import { format } from 'date-fns';
import { todayInZone, type IsoDate } from '@clinic/shared';

/**
 * Today in the browser's zone: the day a staff screen opens on, where the schedule lists start and
 * the first day the forms offer. The API does not give the clinic's zone; near midnight elsewhere
 * the lists may start a day early or late, which hides or shows nothing the admin cannot see by
 * changing the dates.
 */
export function localToday(): IsoDate {
  return format(new Date(), 'yyyy-MM-dd');
}

/**
 * The clinic's date at `now` (epoch milliseconds) in its zone (the clinic profile's); in the
 * browser's own zone while the zone is unknown (still loading) or unknown to this browser.
 */
export function clinicToday(now: number, timeZone: string | undefined): IsoDate {
  if (timeZone) {
    try {
      return todayInZone(new Date(now), timeZone);
    } catch {
      // A zone this browser's Intl does not know: fall through to its own.
    }
  }
  return format(now, 'yyyy-MM-dd');
}

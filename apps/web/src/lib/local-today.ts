import { format } from 'date-fns';
import type { IsoDate } from '@clinic/shared';

/**
 * Today in the browser's zone: the day a staff screen opens on, where the schedule lists start and
 * the first day the forms offer. The API does not give the clinic's zone; near midnight elsewhere
 * the lists may start a day early or late, which hides or shows nothing the admin cannot see by
 * changing the dates.
 */
export function localToday(): IsoDate {
  return format(new Date(), 'yyyy-MM-dd');
}

import { format } from 'date-fns';
import type { IsoDate } from '@clinic/shared';

/** Today in the browser's zone: the day a staff screen opens on. */
export function localToday(): IsoDate {
  return format(new Date(), 'yyyy-MM-dd');
}

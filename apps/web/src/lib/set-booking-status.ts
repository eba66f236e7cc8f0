/**
 * `PATCH /api/admin/bookings/:id/status`, the front desk's status route, which a doctor may use on
 * their own lane: what happened at the appointment, completed or no-show (or a correction between
 * the two). The server refuses (409, with why) a mark before the appointment has started, or one
 * it does not allow from the booking's current status. Each screen's hook refreshes its own lists.
 */
import type { Booking } from '@clinic/shared';
import { apiRequest } from './api-client.ts';

export type MarkedStatus = 'completed' | 'no_show';
export type SetBookingStatusInput = { id: string; status: MarkedStatus };

export function setBookingStatus({ id, status }: SetBookingStatusInput): Promise<Booking> {
  return apiRequest<Booking>(`/admin/bookings/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    body: { status },
  });
}

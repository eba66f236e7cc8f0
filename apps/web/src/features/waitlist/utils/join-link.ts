/**
 * The address that opens My Waitlist's join form for a treatment from a day
 * (`/dashboard/waitlist?join=<treatmentId>&from=<YYYY-MM-DD>`), as the booking page's cards link
 * to it, and how the waitlist page reads it. It imports no components, so the booking page can
 * build its links without the waitlist's code.
 */
import { parseDateInput, type IsoDate } from '@clinic/shared';

const JOIN_PARAM = 'join';
const FROM_PARAM = 'from';

export function joinWaitlistHref(treatmentId: string, from: IsoDate): string {
  const params = new URLSearchParams({ [JOIN_PARAM]: treatmentId, [FROM_PARAM]: from });
  return `/dashboard/waitlist?${params}`;
}

export type JoinLink = { treatmentId: string; from: IsoDate };

/**
 * The treatment and first day a link asks for, or null without one. The first day is today when
 * the link has none, or one that is not a real day or is already past.
 */
export function readJoinLink(params: URLSearchParams, today: IsoDate): JoinLink | null {
  const treatmentId = params.get(JOIN_PARAM)?.trim();
  if (!treatmentId) return null;
  const from = parseDateInput(params.get(FROM_PARAM) ?? '');
  return { treatmentId, from: from !== null && from >= today ? from : today };
}

/** The same query without the link's parameters (the page's others stay). */
export function withoutJoinLink(params: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(params);
  rest.delete(JOIN_PARAM);
  rest.delete(FROM_PARAM);
  return rest;
}

/**
 * When My Appointments offers "Check in" (practice-loop.md section 6.4): from CHECKIN_OPENS_MINUTES
 * before the start (an hour unless the clinic says otherwise, read from `/api/config`) until half an
 * hour after. The server decides and says why when it refuses; this only keeps the button off the
 * list the rest of the time.
 */
export const CHECK_IN_OPENS_MINUTES = 60;
export const CHECK_IN_CLOSES_MINUTES = 30;

const MINUTE = 60_000;

/** Whether `now` (epoch ms) is inside the check-in window of an appointment starting `startsAt`. */
export function isCheckInOpen(startsAt: string, now: number, opensMinutes = CHECK_IN_OPENS_MINUTES): boolean {
  const start = Date.parse(startsAt);
  if (Number.isNaN(start)) return false;
  return now >= start - opensMinutes * MINUTE && now <= start + CHECK_IN_CLOSES_MINUTES * MINUTE;
}

/**
 * When a patient is due again and when recall messages go (design practice-loop.md section 4),
 * as pure functions of dates in the clinic's zone.
 */
import { addDays, type IsoDate } from '@clinic/shared';

export interface RecallSettings {
  /** The first message this many days before the due date. */
  leadDays: number;
  /** Follow-ups this many days after it, increasing. */
  followupDays: readonly number[];
}

/** `2030-08-31` + 6 months = `2031-02-28`: the same day of the month, or the month's last. */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** The day of each message: the first before the due date, then each follow-up after it. */
export function stageDates(dueDate: IsoDate, settings: RecallSettings): IsoDate[] {
  return [addDays(dueDate, -settings.leadDays), ...settings.followupDays.map((days) => addDays(dueDate, days))];
}

/**
 * The message to send today, if any: the latest whose day has come and that has not gone yet
 * (after downtime, the missed earlier ones are skipped, not sent in a burst); none while snoozed.
 */
export function stageToSend(recall: { dueDate: IsoDate; attempts: number; snoozedUntil: IsoDate | null }, today: IsoDate, settings: RecallSettings): number | null {
  if (recall.snoozedUntil && recall.snoozedUntil > today) return null;
  const days = stageDates(recall.dueDate, settings);
  let stage: number | null = null;
  for (let i = recall.attempts; i < days.length; i++) if (days[i]! <= today) stage = i;
  return stage;
}

/**
 * How the report's figures read: money as the rest of the app shows prices, rates as percentages
 * (a rate the server could not work out, null, is "—": there was nothing to count, which is not
 * 0 %), minutes as hours and minutes, days as the app's medium dates.
 */
import type { BookingCounts, ReportsSummary } from '@clinic/shared';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { priceLabel } from '../../../lib/price-label.ts';

/** What a figure the server could not work out reads as. */
export const NO_DATA = '—';

/** Cents as dollars ('$17', '$17.50'); a negative amount (more refunded than taken) '-$5'. */
export function moneyLabel(cents: number): string {
  const label = priceLabel(Math.abs(cents) / 100);
  return cents < 0 ? `-${label}` : label;
}

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A fraction from 0 to 1 as '12.5%'; null as '—'. */
export function rateLabel(rate: number | null): string {
  return rate === null ? NO_DATA : percent.format(rate);
}

/** '45 min', '2 h', '2 h 30 min' (rounded to the minute). */
export function durationLabel(minutes: number): string {
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** '1 day', '2.5 days'; null as '—'. */
export function daysLabel(days: number | null): string {
  if (days === null) return NO_DATA;
  const value = oneDecimal.format(days);
  return value === '1' ? '1 day' : `${value} days`;
}

/** Every appointment of the range, whatever became of it. */
export function bookingsTotal(counts: BookingCounts): number {
  return counts.confirmed + counts.cancelled + counts.completed + counts.noShow;
}

/** The doctors' booked minutes over their open minutes, all together; null with no open minutes. */
export function overallUtilization(byDoctor: ReportsSummary['byDoctor']): number | null {
  const open = byDoctor.reduce((sum, doctor) => sum + doctor.openMin, 0);
  const booked = byDoctor.reduce((sum, doctor) => sum + doctor.bookedMin, 0);
  return open === 0 ? null : booked / open;
}

/** A week of the report, named by its Monday: 'Jun 3, 2030'. */
export function weekLabel(week: string): string {
  return mediumDateOf(week);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day without its year, for a chart's axis: 'Jun 3'. */
export function shortDateLabel(iso: string): string {
  const [, month, day] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  const name = MONTHS[month - 1];
  return name && day ? `${name} ${day}` : iso;
}

/** Whether the range has nothing to show: no appointment and no money taken or given back. */
export function isEmptyReport(summary: ReportsSummary): boolean {
  return (
    bookingsTotal(summary.bookings) === 0 &&
    summary.revenue.paidCents === 0 &&
    summary.revenue.refundedCents === 0
  );
}

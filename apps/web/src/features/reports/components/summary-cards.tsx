/**
 * The report's headline figures, one card each: what became of the appointments, the no-show
 * rate, cancellations by notice, money, utilization, the waitlist, confirmations, check-ins,
 * recalls, how far ahead people book and who made the appointments.
 */
import type { ReportsSummary } from '@clinic/shared';
import {
  NO_DATA,
  bookingsTotal,
  daysLabel,
  durationLabel,
  moneyLabel,
  overallUtilization,
  rateLabel,
} from '../utils/report-format.ts';

type Card = { title: string; value: string; details: string };

/** '3 no-shows', '1 no-show'. */
function countLabel(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function summaryCards(summary: ReportsSummary): Card[] {
  const { bookings, cancellations, revenue, waitlist, recall, createdVia, leadTimeDays } = summary;
  const finished = bookings.completed + bookings.noShow;
  const openMin = summary.byDoctor.reduce((sum, doctor) => sum + doctor.openMin, 0);
  const bookedMin = summary.byDoctor.reduce((sum, doctor) => sum + doctor.bookedMin, 0);
  return [
    {
      title: 'Appointments',
      value: String(bookingsTotal(bookings)),
      details: `${bookings.confirmed} confirmed, ${bookings.completed} completed, ${countLabel(bookings.noShow, 'no-show', 'no-shows')}, ${bookings.cancelled} cancelled`,
    },
    {
      title: 'No-show rate',
      value: rateLabel(summary.noShowRate),
      details: `${bookings.noShow} of ${countLabel(finished, 'finished visit', 'finished visits')}`,
    },
    {
      title: 'Cancellations by notice',
      value: String(cancellations.lt24h + cancellations.h24to48 + cancellations.gt48h),
      details: `Under 24 h: ${cancellations.lt24h}, 24–48 h: ${cancellations.h24to48}, 48 h or more: ${cancellations.gt48h}`,
    },
    {
      title: 'Net revenue',
      value: moneyLabel(revenue.netCents),
      details: `${moneyLabel(revenue.paidCents)} taken, ${moneyLabel(revenue.refundedCents)} refunded`,
    },
    {
      title: 'Utilization',
      value: rateLabel(overallUtilization(summary.byDoctor)),
      details:
        openMin === 0
          ? 'No open hours in this range'
          : `${durationLabel(bookedMin)} booked of ${durationLabel(openMin)} open`,
    },
    {
      title: 'Waitlist fill rate',
      value: rateLabel(waitlist.fillRate),
      details: `${waitlist.claimed} of ${countLabel(waitlist.offers, 'offer', 'offers')} claimed; median refill ${
        waitlist.medianRefillMinutes === null
          ? NO_DATA
          : durationLabel(waitlist.medianRefillMinutes)
      }`,
    },
    {
      title: 'Confirmation rate',
      value: rateLabel(summary.confirmationRate),
      details: 'Appointments the patient confirmed from a reminder',
    },
    {
      title: 'Check-in rate',
      value: rateLabel(summary.checkInRate),
      details: 'Completed visits whose patient checked in themselves',
    },
    {
      title: 'Recall reactivation',
      value: rateLabel(recall.reactivationRate),
      details: `${recall.booked} of ${countLabel(recall.due, 'recall', 'recalls')} due booked`,
    },
    {
      title: 'Lead time (median)',
      value: daysLabel(leadTimeDays.p50),
      details: `90th percentile: ${daysLabel(leadTimeDays.p90)}`,
    },
    {
      title: 'Booked by',
      value: `${createdVia.online} online`,
      details: `${createdVia.admin} by the front desk, ${createdVia.waitlist} from the waitlist, ${createdVia.recall} from a recall`,
    },
  ];
}

export function SummaryCards({ summary }: { summary: ReportsSummary }) {
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {summaryCards(summary).map((card) => (
        <div
          key={card.title}
          className="flex min-w-0 flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4"
        >
          <dt className="text-sm font-medium opacity-80">{card.title}</dt>
          <dd className="text-2xl font-semibold">{card.value}</dd>
          <dd className="text-sm break-words">{card.details}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The report's three charts (practice-loop.md section 8): appointments and no-shows by week,
 * money taken and refunded by week, and each doctor's utilization. recharts is imported here
 * only, and this file only by the Reports page, so the library loads with that page alone.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ReportsSummary } from '@clinic/shared';
import {
  bookingsTotal,
  durationLabel,
  moneyLabel,
  rateLabel,
  shortDateLabel,
  weekLabel,
} from '../utils/report-format.ts';
import { ChartFigure } from './chart-figure.tsx';

type Week = ReportsSummary['byWeek'][number];
type DoctorRow = ReportsSummary['byDoctor'][number];

// The theme's colours (index.css), each at least 4.5:1 on white.
const COLORS = {
  bookings: '#0e7490',
  noShows: '#b91c1c',
  paid: '#15803d',
  refunded: '#a16207',
  utilization: '#0f766e',
} as const;

const AXIS_TICK = { fontSize: 12 };
// No growing bars: they start again at every resize of the page (the owner reads numbers here).
const STILL = { isAnimationActive: false } as const;
const CHART_MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };
// The legends in the bars' order (their data keys sort so), not their names' alphabet.
const LEGEND_ORDER = 'dataKey';

/** The tooltip's title for a week: its Monday in full. */
const weekTooltipLabel = (week: unknown) => `Week of ${weekLabel(String(week))}`;

export const BOOKINGS_CHART_TITLE = 'Appointments and no-shows by week';
export const REVENUE_CHART_TITLE = 'Revenue and refunds by week';
export const UTILIZATION_CHART_TITLE = 'Utilization per doctor';

function BookingsByWeek({ weeks }: { weeks: readonly Week[] }) {
  const data = weeks.map((week) => ({
    week: week.week,
    appointments: bookingsTotal(week),
    noShows: week.noShow,
  }));
  return (
    <ChartFigure
      title={BOOKINGS_CHART_TITLE}
      description="bars per week for every appointment made and for the no-shows among them."
      rows={weeks}
      rowKey={(week) => week.week}
      columns={[
        { label: 'Week of', cell: (week) => weekLabel(week.week) },
        { label: 'Appointments', cell: (week) => String(bookingsTotal(week)), isNumeric: true },
        { label: 'No-shows', cell: (week) => String(week.noShow), isNumeric: true },
      ]}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={CHART_MARGIN} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" tickFormatter={shortDateLabel} tick={AXIS_TICK} minTickGap={8} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} width={32} />
          <Tooltip labelFormatter={weekTooltipLabel} />
          <Legend itemSorter={LEGEND_ORDER} />
          <Bar dataKey="appointments" name="Appointments" fill={COLORS.bookings} {...STILL} />
          <Bar dataKey="noShows" name="No-shows" fill={COLORS.noShows} {...STILL} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

function RevenueByWeek({ weeks }: { weeks: readonly Week[] }) {
  return (
    <ChartFigure
      title={REVENUE_CHART_TITLE}
      description="bars per week for the money taken and the money refunded."
      rows={weeks}
      rowKey={(week) => week.week}
      columns={[
        { label: 'Week of', cell: (week) => weekLabel(week.week) },
        { label: 'Taken', cell: (week) => moneyLabel(week.paidCents), isNumeric: true },
        { label: 'Refunded', cell: (week) => moneyLabel(week.refundedCents), isNumeric: true },
        { label: 'Net', cell: (week) => moneyLabel(week.netCents), isNumeric: true },
      ]}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...weeks]} margin={CHART_MARGIN} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" tickFormatter={shortDateLabel} tick={AXIS_TICK} minTickGap={8} />
          <YAxis tickFormatter={(cents: number) => moneyLabel(cents)} tick={AXIS_TICK} width={56} />
          <Tooltip
            labelFormatter={weekTooltipLabel}
            formatter={(cents) => moneyLabel(Number(cents))}
          />
          <Legend itemSorter={LEGEND_ORDER} />
          <Bar dataKey="paidCents" name="Taken" fill={COLORS.paid} {...STILL} />
          <Bar dataKey="refundedCents" name="Refunded" fill={COLORS.refunded} {...STILL} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

function UtilizationByDoctor({ doctors }: { doctors: readonly DoctorRow[] }) {
  const data = doctors.map((doctor) => ({
    name: doctor.name,
    // A doctor with no open hours has no bar rather than an empty one.
    percent: doctor.utilization === null ? null : Math.round(doctor.utilization * 1000) / 10,
  }));
  return (
    <ChartFigure
      title={UTILIZATION_CHART_TITLE}
      description="a bar per doctor for the share of their open hours that was booked."
      rows={doctors}
      rowKey={(doctor) => doctor.doctorId}
      columns={[
        { label: 'Doctor', cell: (doctor) => doctor.name },
        { label: 'Utilization', cell: (doctor) => rateLabel(doctor.utilization), isNumeric: true },
        { label: 'Booked', cell: (doctor) => durationLabel(doctor.bookedMin), isNumeric: true },
        { label: 'Open', cell: (doctor) => durationLabel(doctor.openMin), isNumeric: true },
      ]}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={CHART_MARGIN} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            domain={[0, 100]}
            tickFormatter={(value: number) => `${value}%`}
            tick={AXIS_TICK}
          />
          <YAxis type="category" dataKey="name" tick={AXIS_TICK} width={96} />
          <Tooltip formatter={(value) => `${String(value)}%`} />
          <Bar dataKey="percent" name="Utilization" fill={COLORS.utilization} {...STILL} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

export function ReportCharts({ summary }: { summary: ReportsSummary }) {
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <BookingsByWeek weeks={summary.byWeek} />
      <RevenueByWeek weeks={summary.byWeek} />
      <UtilizationByDoctor doctors={summary.byDoctor} />
    </div>
  );
}

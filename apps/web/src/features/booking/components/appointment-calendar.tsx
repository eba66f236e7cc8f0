/**
 * The booking page's date picker (spec section 2): one day, today by default, no day before today.
 * A selection is required, so clicking the chosen day again keeps it (DESIGN.md section 7).
 *
 * Days the clinic is closed are disabled too, from `GET /api/calendar` for the month on show.
 * Until that answers, or if it fails, only the days before today are: the server still refuses a
 * closed day, and the list then shows it with no free slot.
 */
import { useMemo, useState } from 'react';
import { DayPicker, labelDayButton, type Matcher } from 'react-day-picker';
import type { IsoDate } from '@clinic/shared';
import { useCalendarMonth } from '../api/get-calendar.ts';
import { fromIsoDate, toIsoDate } from '../hooks/use-selected-date.ts';
import 'react-day-picker/style.css';
import './appointment-calendar.css';

type AppointmentCalendarProps = {
  date: IsoDate;
  today: IsoDate;
  onChange: (date: IsoDate) => void;
};

export function AppointmentCalendar({ date, today, onChange }: AppointmentCalendarProps) {
  const todayDate = fromIsoDate(today);
  // The month on show (any day of it): the picker starts on the chosen day's month.
  const [month, setMonth] = useState(date);
  const calendar = useCalendarMonth(month);

  const closedDays = useMemo(() => {
    const closed = new Set(calendar.data?.filter((day) => !day.open).map((day) => day.date));
    return (day: Date) => closed.has(toIsoDate(day));
  }, [calendar.data]);
  const disabled: Matcher[] = [{ before: todayDate }, closedDays];

  return (
    <div className="rounded-box bg-base-100 p-3 shadow-md">
      <DayPicker
        mode="single"
        required
        selected={fromIsoDate(date)}
        onSelect={(day) => onChange(toIsoDate(day))}
        defaultMonth={fromIsoDate(date)}
        onMonthChange={(shown) => setMonth(toIsoDate(shown))}
        startMonth={todayDate}
        disabled={disabled}
        modifiers={{ closed: closedDays }}
        modifiersClassNames={{ closed: 'rdp-closed' }}
        labels={{
          labelDayButton: (day, modifiers, options, dateLib) => {
            const label = labelDayButton(day, modifiers, options, dateLib);
            return modifiers.closed ? `${label}, the clinic is closed` : label;
          },
        }}
      />
    </div>
  );
}

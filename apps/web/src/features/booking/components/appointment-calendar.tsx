/**
 * The booking page's date picker (spec section 2): one day, today by default, no day before today.
 * A selection is required, so clicking the chosen day again keeps it (DESIGN.md section 7).
 */
import { DayPicker } from 'react-day-picker';
import type { IsoDate } from '@clinic/shared';
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
  return (
    <div className="rounded-box bg-base-100 p-3 shadow-md">
      <DayPicker
        mode="single"
        required
        selected={fromIsoDate(date)}
        onSelect={(day) => onChange(toIsoDate(day))}
        defaultMonth={fromIsoDate(date)}
        startMonth={todayDate}
        disabled={{ before: todayDate }}
      />
    </div>
  );
}

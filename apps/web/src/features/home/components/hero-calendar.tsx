/**
 * The hero's single-date calendar (DESIGN.md section 7): picking a day opens the booking page on
 * that day. A signed-out visitor is sent through /login by the route guard and comes back here.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DayPicker } from 'react-day-picker';
import { format, startOfToday } from 'date-fns';
import 'react-day-picker/style.css';
import './hero-calendar.css';

export default function HeroCalendar() {
  const navigate = useNavigate();
  const [today] = useState(startOfToday);

  return (
    <div className="rounded-box bg-base-100 p-3 shadow-md">
      <DayPicker
        mode="single"
        defaultMonth={today}
        disabled={{ before: today }}
        onSelect={(day) => {
          if (day) void navigate(`/appointment?date=${format(day, 'yyyy-MM-dd')}`);
        }}
      />
    </div>
  );
}

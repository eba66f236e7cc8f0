/** The booking calendar (react-day-picker) as the browser suite reads it. */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The day picker names a day button like 'Saturday, June 15th, 2030'. */
export function dayButtonName(iso: string): RegExp {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new RegExp(`${MONTHS[month - 1]} ${day}(st|nd|rd|th), ${year}`);
}

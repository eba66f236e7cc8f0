/**
 * A doctor's name as patients read it: 'Ann Lee' -> 'Dr. Ann Lee'. Admins often type the title
 * themselves ('Dr. Emily Watson', 'dr Bo'), so a name that already starts with it is kept as typed.
 */
export function doctorTitle(name: string): string {
  const trimmed = name.trim();
  return /^dr(\.|\s)/i.test(trimmed) ? trimmed : `Dr. ${trimmed}`;
}

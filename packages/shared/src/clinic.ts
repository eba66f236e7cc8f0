/**
 * The clinic's own details and its first run (design practice-loop.md section 10): the public
 * profile `GET /api/clinic`, the owner's `PUT /api/admin/clinic`, and the one-time setup
 * `GET/POST /api/setup`. An empty text means "not set": the public pages then show what a fresh
 * install shows (the spec's texts).
 */
import { z } from 'zod';
import { clock24 } from './times.ts';
import { nameSchema, oneLine, passwordSchema, serverEmailSchema } from './validation.ts';

/** An IANA zone this runtime knows (`Europe/Berlin`); a name Intl refuses is refused here. */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, 'Choose the clinic’s time zone')
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Not a time zone this server knows (for example Europe/Berlin or America/New_York)');

const optionalLine = (max: number) => oneLine(z.string().trim().max(max, `At most ${max} characters`)).default('');
const optionalEmail = z.union([z.literal(''), serverEmailSchema]).default('');

export const CLINIC_NAME_MAX = 120;

/** What setup asks of the clinic. */
export const clinicBasicsSchema = z.object({
  name: oneLine(z.string().trim().min(1, 'Name the clinic').max(CLINIC_NAME_MAX, `At most ${CLINIC_NAME_MAX} characters`)),
  timezone: timeZoneSchema,
  phone: optionalLine(40),
  email: optionalEmail,
  address: optionalLine(300),
});

/** `PUT /api/admin/clinic`: the whole profile (long texts may hold line breaks). */
export const clinicProfileUpdateSchema = clinicBasicsSchema.extend({
  about: z.string().max(20_000, 'At most 20,000 characters').default(''),
  privacyPolicy: z.string().max(100_000, 'At most 100,000 characters').default(''),
  terms: z.string().max(100_000, 'At most 100,000 characters').default(''),
});
export type ClinicProfileUpdate = z.input<typeof clinicProfileUpdateSchema>;

/** Days with the same hours, grouped: `{ days: 'Mon–Fri', hours: ['08:00–12:00', '13:00–17:00'] }`. */
export const openingHoursSchema = z.object({ days: z.string(), hours: z.array(z.string()) });
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/**
 * `GET /api/clinic`. `timezone` is the zone in effect: the one times are shown in.
 * `chosenTimezone` is the one saved in the profile (null: never chosen), which takes effect at
 * the next start: the owner's form shows and keeps it, not the one in effect.
 */
export const clinicProfileSchema = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  timezone: z.string(),
  chosenTimezone: z.string().nullable(),
  openingHours: z.array(openingHoursSchema),
  about: z.string(),
  privacyPolicy: z.string(),
  terms: z.string(),
});
export type ClinicProfile = z.infer<typeof clinicProfileSchema>;

export const setupStatusSchema = z.object({ needed: z.boolean() });

export const setupRequestSchema = z.object({
  token: z.string().trim().min(1).max(200),
  admin: z.object({ name: nameSchema, email: serverEmailSchema, password: passwordSchema }),
  clinic: clinicBasicsSchema,
});
export type SetupRequest = z.input<typeof setupRequestSchema>;

export const setupDoneSchema = z.object({ email: z.string() });

const DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/**
 * The weekly hours (ISO weekday 1-7 → stretches in minutes) as the public pages show them:
 * consecutive days with the same hours grouped (`Mon–Fri`), closed days left out. Derived, never
 * typed twice: the home page says what the booking calendar offers.
 */
export function openingHoursOf(weekly: Readonly<Record<number, readonly { start: number; end: number }[] | undefined>>): OpeningHours[] {
  const out: { from: number; to: number; hours: string[] }[] = [];
  for (let day = 1; day <= 7; day++) {
    const spans = [...(weekly[day] ?? [])].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
    if (spans.length === 0) continue;
    const hours = spans.map((s) => `${clock24(s.start)}–${clock24(s.end)}`);
    const last = out[out.length - 1];
    if (last && last.to === day - 1 && last.hours.join() === hours.join()) last.to = day;
    else out.push({ from: day, to: day, hours });
  }
  return out.map(({ from, to, hours }) => ({
    days: from === to ? DAY_NAMES[from]! : `${DAY_NAMES[from]}${to === from + 1 ? ', ' : '–'}${DAY_NAMES[to]}`,
    hours,
  }));
}

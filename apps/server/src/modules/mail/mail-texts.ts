/**
 * The words of the patients' mails and texts in the recipient's language (practice-loop.md
 * section 9, clinic-operations.md 5.9): i18next over the `emails` catalogs that translators edit
 * in packages/shared/locales/<lng>/emails.json, one instance per language made once at start-up.
 * `en` is the mails' wording as it always was, byte for byte (the spec's date and slot label, `$`
 * amounts); `es` and `de` format dates, times and money the way their readers write them.
 */
import i18next, { type i18n } from 'i18next';
import { LOCALES, clock24, formatMediumDate, slotEndMinutes, slotStartMinutes, type Locale } from '@clinic/shared';
import de from '../../../../../packages/shared/locales/de/emails.json' with { type: 'json' };
import en from '../../../../../packages/shared/locales/en/emails.json' with { type: 'json' };
import es from '../../../../../packages/shared/locales/es/emails.json' with { type: 'json' };

type Catalog = typeof en;
const catalogs: Record<Locale, Catalog> = { en, es, de };

/** A plural key by its stem, as it is asked for (`bookWithin` with a `count`). */
type Stem<K extends string> = K extends `${infer S}_${'one' | 'other'}` ? S : K;
/** A catalog key, `group.name`: a misspelt one does not compile. */
type Key = { [G in keyof Catalog & string]: `${G}.${Stem<keyof Catalog[G] & string>}` }[keyof Catalog & string];

/** Values filled into `{{name}}` placeholders; `count` also picks a plural form. */
type Values = Record<string, string | number>;

/** One i18next per language (exported for the test that holds the compiled texts to it). */
export function instanceFor(lng: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    // A key a translation lacks reads in English (the catalog test keeps them complete).
    fallbackLng: 'en',
    resources: { en: { emails: catalogs.en }, [lng]: { emails: catalogs[lng] } },
    ns: ['emails'],
    defaultNS: 'emails',
    // Synchronous: the catalogs are in memory, and the first mail must not wait for a tick.
    initAsync: false,
    // Plain text, never HTML: a name or a reason goes in as written.
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** A catalog text cut at its `{{name}}` placeholders: `parts` around them, `names` in order. */
interface Compiled {
  parts: string[];
  names: string[];
}

/**
 * The text as i18next reads `key` for `lng` (its own, else English's), cut at its placeholders;
 * null when i18next must read it: no such text, an empty one, or anything beyond a plain `{{name}}`
 * (a format, nesting, a plural form).
 */
export function compileText(lng: Locale, key: string): Compiled | null {
  const [group, name, ...rest] = key.split('.');
  if (rest.length > 0) return null;
  const textOf = (catalog: Catalog) => (catalog as unknown as Record<string, Record<string, unknown> | undefined>)[group!]?.[name!];
  const own = textOf(catalogs[lng]);
  const text = own === undefined ? textOf(catalogs.en) : own;
  if (typeof text !== 'string' || text === '' || text.includes('$t(')) return null;
  const pieces = text.split(/\{\{(\w+)\}\}/);
  const parts = pieces.filter((_, i) => i % 2 === 0);
  if (parts.some((part) => part.includes('{{') || part.includes('}}'))) return null;
  return { parts, names: pieces.filter((_, i) => i % 2 === 1) };
}

/** `compiled` with its placeholders filled, or null when a value is missing (i18next decides then). */
function fill({ parts, names }: Compiled, values: Values): string | null {
  let out = parts[0]!;
  for (let i = 0; i < names.length; i++) {
    const value = values[names[i]!];
    if (value === undefined) return null;
    out += String(value) + parts[i + 1]!;
  }
  return out;
}

/** What a mail about a time says of it: its date and its time, as its reader writes them. */
export interface MailTexts {
  /** The recipient's language: their own, or the clinic's DEFAULT_LOCALE when they chose none. */
  localeOf(locale: Locale | null | undefined): Locale;
  t(lng: Locale, key: Key, values?: Values): string;
  /** `Jun 5, 2022` in English; `5 jun 2022` and `05.06.2022` from Intl. */
  date(lng: Locale, iso: string): string;
  /** A date and a slot: `Jun 5, 2022 at 08.00 AM - 08.30 AM`, `05.06.2022, 08:00–08:30 Uhr`. */
  when(lng: Locale, iso: string, slot: string): string;
  /** An amount in cents: `$17` or `$19.5` in English (as ever), `17 US$`, `19,50 $` otherwise. */
  money(lng: Locale, cents: number): string;
  /** A refund's amount: `$17.00` in English, with cents in every language. */
  moneyWithCents(lng: Locale, cents: number): string;
  /**
   * A page of the portal for a reader of this language: `?lang=` opens it in the mail's language
   * whatever the browser says (the web's first choice); English addresses stay as they were.
   */
  url(lng: Locale, address: string): string;
  /** "Dear …," the body and the signature: the frame of every mail to a patient. */
  letter(lng: Locale, name: string, body: string): string;
}

export function createMailTexts(defaultLocale: Locale): MailTexts {
  const instances = new Map(LOCALES.map((lng) => [lng, instanceFor(lng)]));
  const dateFormats = new Map(
    LOCALES.map((lng) => [lng, new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeZone: 'UTC' })]),
  );
  // Each text cut once at its placeholders and filled by hand: i18next's own reading was about 6%
  // of a booking's CPU (a dozen texts per booking: the confirmation and its reminders; issue 37).
  // Plural forms and anything but a plain `{{name}}` still go through i18next, which the catalog
  // test holds this to, text by text.
  const compiled = new Map<string, Compiled | null>();
  const t = (lng: Locale, key: Key, values: Values = {}) => {
    if (values.count === undefined) {
      const id = `${lng}|${key}`;
      let text = compiled.get(id);
      if (text === undefined) compiled.set(id, (text = compileText(lng, key)));
      const filled = text ? fill(text, values) : null;
      if (filled !== null) return filled;
    }
    return instances.get(lng)!.t(key, values);
  };

  // A calendar date of the clinic is that day wherever it is read: formatted at UTC midnight in
  // UTC, no zone can move it to the day before or after.
  const date = (lng: Locale, iso: string) => {
    if (lng === 'en') return formatMediumDate(iso);
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    return dateFormats.get(lng)!.format(new Date(Date.UTC(y, m - 1, d)));
  };

  /** `08.00 AM - 08.30 AM` -> `08:00–08:30`: the 24-hour clock Spanish and German readers use. */
  const time = (slot: string) => {
    const [start, end] = [slotStartMinutes(slot), slotEndMinutes(slot)];
    return start === null || end === null ? slot : `${clock24(start)}–${clock24(end)}`;
  };

  const currency = (lng: Locale, cents: number, fractionDigits: number) =>
    new Intl.NumberFormat(lng, { style: 'currency', currency: 'USD', minimumFractionDigits: fractionDigits, maximumFractionDigits: 2 }).format(cents / 100);

  return {
    localeOf: (locale) => locale ?? defaultLocale,
    t,
    date,
    when: (lng, iso, slot) => t(lng, 'frame.when', { date: date(lng, iso), time: lng === 'en' ? slot : time(slot) }),
    money: (lng, cents) => (lng === 'en' ? `$${cents / 100}` : currency(lng, cents, cents % 100 === 0 ? 0 : 2)),
    moneyWithCents: (lng, cents) => (lng === 'en' ? `$${(cents / 100).toFixed(2)}` : currency(lng, cents, 2)),
    url: (lng, address) => (lng === 'en' ? address : `${address}${address.includes('?') ? '&' : '?'}lang=${lng}`),
    letter: (lng, name, body) => `${t(lng, 'frame.greeting', { name })}\n\n${body}\n\n${t(lng, 'frame.signature')}\n`,
  };
}

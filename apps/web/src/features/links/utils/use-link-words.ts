/**
 * The link pages' words in the reader's language (the `links` namespace, decision 040): `t` for
 * the texts written here, `text` for those that arrive, days, slots and instants as the language
 * writes them, and a failure in words. English stays the spec's text byte for byte: its failures
 * are the server's words as they came.
 */
import { useLinksT, useLinksText } from '../../../i18n/links.ts';
import { useLocalFormat } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { visitInstant } from '../../../i18n/visits.ts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useClinicTimeZone } from '../../../lib/clinic-query.ts';
import { localServerText, localWeekdayDate } from './link-texts.ts';

export function useLinkWords() {
  const t = useLinksT();
  const text = useLinksText();
  const format = useLocalFormat();
  const locale = useLocale();
  const timeZone = useClinicTimeZone();
  /** An instant in the clinic's zone: `Nov 28, 2026, 10.00 AM`, `28 nov 2026, 10:00`. */
  const instant = (iso: string) => visitInstant(iso, timeZone);
  /** A text from the server (a problem's detail) in the reader's language, when the catalog knows it. */
  const server = (message: string, body?: unknown) =>
    locale === 'en' ? message : localServerText(message, body, { text, t, instant });
  const problem = (error: unknown) =>
    server(errorMessage(error), isApiError(error) ? error.body : undefined);
  return {
    t,
    text,
    date: format.date,
    slot: format.slot,
    instant,
    weekdayDate: (value: string) => localWeekdayDate(locale, value),
    server,
    problem,
  };
}

/**
 * The languages the portal speaks to patients (practice-loop.md section 9): English, the spec's
 * own text, then Spanish and German. An account's `locale` is one of them or null, which means
 * the clinic's DEFAULT_LOCALE. No zod here: the web's landing entry reads these (its schema,
 * `localeSchema`, is in account.ts).
 */
export const LOCALES = ['en', 'es', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/**
 * The language of ours an `Accept-Language` header prefers most (`de-CH,de;q=0.9,en;q=0.5` ->
 * `de`), by its weights and then its order; null when it names none of ours (or is absent), so
 * that the clinic's default decides.
 */
export function bestLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of acceptLanguage.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const language = tag.trim().split('-')[0]!.toLowerCase();
    const weight = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((q) => q !== undefined);
    const q = weight === undefined ? 1 : Number(weight);
    if (!isLocale(language) || !(q > 0)) continue;
    if (!best || q > best.q) best = { locale: language, q };
  }
  return best?.locale ?? null;
}

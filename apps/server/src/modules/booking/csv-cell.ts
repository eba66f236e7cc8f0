/**
 * One cell of the front desk's CSV (RFC 4180), guarded against formula injection. Pure.
 *
 * A spreadsheet does not always split the file where we did: one whose list separator is `;`
 * (much of Europe), `|` or a tab reads our comma-separated line as other fields, and one that
 * ignores quotes splits a quoted line break into two rows. So a formula can start inside a cell,
 * right after any of those separators: `Ann;=1+2` unguarded is a cell `=1+2` there. Every place
 * in a cell where such a field could begin (its start, and after each `,` `;` `|` tab, CR or LF)
 * gets a `'` when what follows, past spaces and quotes, starts a formula (`=` `+` `-` `@`);
 * OWASP's guard, applied to every field any of those readers can see.
 */

/** A field begins here, and what follows it (spaces and quotes skipped) would start a formula. */
const FORMULA_FIELD_START = /(?<=^|[,;|\t\r\n])(?=[\s"]*[=+\-@])/g;

/** Cells holding a quote, a separator any reader may use, or a line break, are quoted. */
const NEEDS_QUOTES = /[",;|\t\r\n]/;

export function csvCell(value: string): string {
  const guarded = value.replace(FORMULA_FIELD_START, "'");
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

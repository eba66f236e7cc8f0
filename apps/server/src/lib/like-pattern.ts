/**
 * A LIKE / ILIKE pattern that matches `text` anywhere, with `%`, `_` and `\` taken as the
 * characters typed, not as wildcards (PostgreSQL's default escape character is `\`).
 */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

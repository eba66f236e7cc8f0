/**
 * Emails are compared and stored lowercased (DESIGN.md section 6). Lowercasing as the user types,
 * before validation, also keeps the spec's lowercase-only pattern from refusing 'Pat@Example.com'
 * (a phone keyboard capitalises the first letter).
 */
export const emailFieldOptions = {
  setValueAs: (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value),
} as const;

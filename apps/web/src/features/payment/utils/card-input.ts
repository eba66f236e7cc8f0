/**
 * Formatting of the test-mode card fields as the patient types: the number in groups of four,
 * the expiry as MM/YY. The shared schema accepts these forms (spaces are dropped before the Luhn
 * check), so formatting is only for reading, never a second set of rules.
 */

/** At most 19 digits (the longest card numbers), a space after every fourth. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** `1234` -> `12/34`; a single-digit month typed with its slash (`4/`) becomes `04/`. */
export function formatExpiry(value: string): string {
  const padded = /^\d\s*\//.test(value) ? `0${value}` : value;
  const digits = padded.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * Rewrites an input's value with `format`, keeping the caret after the same number of digits, so
 * typing or deleting in the middle of a number does not throw the caret to the end.
 */
export function reformatInput(input: HTMLInputElement, format: (value: string) => string): void {
  const { value } = input;
  const formatted = format(value);
  if (formatted === value) return;
  const caret = input.selectionStart ?? value.length;
  const digitsBeforeCaret = value.slice(0, caret).replace(/\D/g, '').length;
  input.value = formatted;
  if (input.ownerDocument.activeElement !== input) return;
  let position = 0;
  for (let seen = 0; position < formatted.length && seen < digitsBeforeCaret; position++) {
    if (/\d/.test(formatted[position]!)) seen++;
  }
  input.setSelectionRange(position, position);
}

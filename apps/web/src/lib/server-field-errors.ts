/**
 * The server's field errors (problem+json `errors: { field: [messages] }`, kept on ApiError) put
 * under the form's own fields. What no field shows is the caller's to show another way (a toast,
 * a line under the form).
 */
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client.ts';

/**
 * Which server fields the form shows, and where: names the form and the server share, or a map
 * from the server's name to the form's field (`{ image: 'photo' }`).
 */
export type ServerFields<T extends FieldValues> =
  readonly FieldPath<T>[] | Readonly<Partial<Record<string, FieldPath<T>>>>;

function formFieldOf<T extends FieldValues>(
  fields: ServerFields<T>,
  name: string,
): FieldPath<T> | undefined {
  if (Array.isArray(fields)) return fields.includes(name) ? (name as FieldPath<T>) : undefined;
  const map = fields as Readonly<Partial<Record<string, FieldPath<T>>>>;
  return Object.hasOwn(map, name) ? map[name] : undefined;
}

/**
 * Sets the first message the server gave each field on the form field that shows it (a field
 * named twice keeps the first). Answers whether it set any.
 */
export function setServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: ServerFields<T>,
  { shouldFocus = true }: { shouldFocus?: boolean } = {},
): boolean {
  if (!isApiError(error)) return false;
  const set = new Set<FieldPath<T>>();
  for (const [name, [message]] of Object.entries(error.errors)) {
    const field = formFieldOf(fields, name);
    if (!field || !message || set.has(field)) continue;
    setError(field, { type: 'server', message }, { shouldFocus });
    set.add(field);
  }
  return set.size > 0;
}

/** Whether the server gave a message for any of these fields (by the server's names). */
export function hasServerFieldError(error: unknown, names: readonly string[]): boolean {
  return isApiError(error) && names.some((name) => Boolean(error.errors[name]?.length));
}

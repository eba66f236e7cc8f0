/**
 * zod 4 compiles object parsers with `new Function` unless told not to, and finds out whether it
 * may by trying once, when the first object schema is built. Our CSP forbids eval, so that probe
 * is a real violation on every form page. `config({ jitless: true })` turns it off, but must run
 * before any schema exists, and importing zod for it put zod's core into the landing page
 * (figures: docs/benchmarks.md, "zod's jitless setting without zod"). zod keeps its configuration
 * in one global object, shared by every copy of zod on the page and created only when absent:
 * filling it in first has the same effect, with no import.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

export function disableZodJit(): void {
  const global = globalThis as ZodGlobal;
  global.__zod_globalConfig = Object.assign(global.__zod_globalConfig ?? {}, { jitless: true });
}

/**
 * Span algebra: stretches of one day in wall-clock minutes, `[start, end)`. Pure; the schedule
 * (open hours less closures) and booking (free starts around taken times) both build on it.
 */

/** A stretch of a day, `[start, end)` in wall-clock minutes. */
export interface Span {
  start: number;
  end: number;
}

/** Sorted, merged copy: touching or overlapping spans become one. */
export function normalise(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else if (s.end > s.start) out.push({ start: s.start, end: s.end });
  }
  return out;
}

/** The parts of `a` that are also in `b`. */
export function intersect(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const x of normalise(a)) {
    for (const y of normalise(b)) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end > start) out.push({ start, end });
    }
  }
  return normalise(out);
}

/** The parts of `a` outside every span of `cuts`. */
export function subtract(a: readonly Span[], cuts: readonly Span[]): Span[] {
  let rest = normalise(a);
  for (const cut of cuts) {
    rest = rest.flatMap((s) => {
      if (cut.end <= s.start || cut.start >= s.end) return [s];
      const parts: Span[] = [];
      if (cut.start > s.start) parts.push({ start: s.start, end: cut.start });
      if (cut.end < s.end) parts.push({ start: cut.end, end: s.end });
      return parts;
    });
  }
  return rest;
}

export const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** Whether `span` lies wholly inside one of `open` (a booking within its lane's hours). */
export const fitsIn = (open: readonly Span[], span: Span) => open.some((o) => o.start <= span.start && span.end <= o.end);

/**
 * Taken slots per date, cached in memory so `GET /api/available` costs no query when nothing
 * changed (issue 6). Every change to a date's bookings invalidates that date: at once on the
 * instance that made it, and on every other instance through PostgreSQL NOTIFY.
 *
 * A load that overlaps an invalidation is returned but not kept (the date's generation moved
 * on), so a stale read can never outlive the change that made it stale; concurrent misses for
 * one date share a single query.
 */
export type TakenSlots = Map<string, Set<string>>;

const MAX_DATES = 512;

export function createAvailabilityCache() {
  const entries = new Map<string, TakenSlots>();
  const generations = new Map<string, number>();
  const inFlight = new Map<string, Promise<TakenSlots>>();
  let epoch = 0;

  const generationOf = (date: string) => `${epoch}:${generations.get(date) ?? 0}`;

  return {
    async get(date: string, load: () => Promise<TakenSlots>): Promise<TakenSlots> {
      const cached = entries.get(date);
      if (cached) return cached;
      const pending = inFlight.get(date);
      if (pending) return pending;
      const startedAt = generationOf(date);
      const loading = load()
        .then((taken) => {
          if (generationOf(date) === startedAt) {
            if (entries.size >= MAX_DATES) entries.delete(entries.keys().next().value!);
            entries.set(date, taken);
          }
          return taken;
        })
        .finally(() => {
          if (inFlight.get(date) === loading) inFlight.delete(date);
        });
      inFlight.set(date, loading);
      return loading;
    },

    invalidate(date: string) {
      generations.set(date, (generations.get(date) ?? 0) + 1);
      entries.delete(date);
      inFlight.delete(date);
    },

    /** Notifications may have been missed: forget everything. */
    reset() {
      epoch++;
      entries.clear();
      inFlight.clear();
    },
  };
}

export type AvailabilityCache = ReturnType<typeof createAvailabilityCache>;

/** The NOTIFY channel that carries changed dates between instances. */
export const AVAILABILITY_CHANNEL = 'clinic_availability';

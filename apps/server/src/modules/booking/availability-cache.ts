/**
 * Taken slots per date, cached in memory so `GET /api/available` costs no query when nothing
 * changed (issue 6). Every change to a date's bookings invalidates that date: at once on the
 * instance that made it, and on every other instance through PostgreSQL NOTIFY.
 *
 * A load that overlaps an invalidation is returned but not kept (the date's generation moved
 * on), so a stale read can never outlive the change that made it stale; concurrent misses for
 * one date share a single query. The same rule guards the slot holders a booking transaction
 * saw, kept so that requests for a slot known to be taken are answered without one.
 */
export type TakenSlots = Map<string, Set<string>>;

/** Who holds a slot: enough to decide a competing request and word its 409. */
export interface SlotHolder {
  slot: string;
  /** The owning account; null for a booking whose account was removed. */
  patientId: string | null;
}

/**
 * What stops `request` from booking among a treatment's holders on its date: the patient's own
 * booking first (it explains the conflict best), else the slot's holder; undefined if nothing.
 */
export function blockerOf<H extends SlotHolder>(holders: readonly H[], request: SlotHolder): H | undefined {
  const own = (h: SlotHolder) => request.patientId !== null && h.patientId === request.patientId;
  const clashes = holders.filter((h) => h.slot === request.slot || own(h));
  return clashes.find(own) ?? clashes[0];
}

const MAX_DATES = 512;

export function createAvailabilityCache() {
  const entries = new Map<string, TakenSlots>();
  const generations = new Map<string, number>();
  const inFlight = new Map<string, Promise<TakenSlots>>();
  // date -> treatment -> every holder, as a booking transaction saw them (see rememberHolders).
  const holders = new Map<string, Map<string, readonly SlotHolder[]>>();
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

    /** A token for the date's current state, to hand back to `rememberHolders`. */
    generation: generationOf,

    /**
     * Keeps every holder of a treatment's slots on a date, as a committed booking transaction
     * saw them, so that the next requests that would lose to them get their 409 without a
     * transaction of their own (a 1,000-way race is then one transaction, not hundreds). Kept
     * only if nothing invalidated the date since `seenAt`, taken before that transaction began;
     * dropped at the date's next invalidation. A forgotten or missing entry only costs a
     * transaction: the database still decides every booking.
     */
    rememberHolders(date: string, treatmentId: string, list: readonly SlotHolder[], seenAt: string) {
      if (generationOf(date) !== seenAt) return;
      let byTreatment = holders.get(date);
      if (!byTreatment) {
        if (holders.size >= MAX_DATES) holders.delete(holders.keys().next().value!);
        holders.set(date, (byTreatment = new Map()));
      }
      byTreatment.set(treatmentId, list);
    },

    holdersOf(date: string, treatmentId: string): readonly SlotHolder[] | undefined {
      return holders.get(date)?.get(treatmentId);
    },

    invalidate(date: string) {
      generations.set(date, (generations.get(date) ?? 0) + 1);
      entries.delete(date);
      inFlight.delete(date);
      holders.delete(date);
    },

    /** Notifications may have been missed: forget everything. */
    reset() {
      epoch++;
      entries.clear();
      inFlight.clear();
      holders.clear();
    },
  };
}

export type AvailabilityCache = ReturnType<typeof createAvailabilityCache>;

/** The NOTIFY channel that carries changed dates between instances. */
export const AVAILABILITY_CHANNEL = 'clinic_availability';

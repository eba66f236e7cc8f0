/**
 * What this instance knows of each date's bookings, kept in memory so that `GET /api/available`
 * costs no query when nothing changed. Data only: who invalidates it and when is the
 * availability channel's (`availability-channel.ts`) and the booking service's.
 *
 * A load that overlaps an invalidation is returned but not kept (the date's generation moved
 * on), so a stale read can never outlive the change that made it stale; concurrent misses for
 * one date share a single query. The same rule guards the slot holders a booking transaction
 * saw (`rememberHolders`).
 */
import type { SlotHolder } from './booking-rules.ts';
import type { Span } from '../../lib/spans.ts';

/** The booked times of each lane (a doctor, or a treatment's own queue) on one date. */
export type TakenSlots = Map<string, Span[]>;

/** A treatment's holders on a date as a committed transaction saw them, and the lanes they cover. */
export interface KnownHolders {
  lanes: ReadonlySet<string>;
  holders: readonly SlotHolder[];
}

/** One date's entry: its taken slots and the `/available` answers rendered from them. */
export interface DateEntry {
  taken: TakenSlots;
  /**
   * The serialized answer per clock state (today's answer changes by the minute as slots start).
   * Belongs to this entry: a reload of the date's bookings starts an empty one.
   */
  answers: Map<string, Buffer>;
}

const MAX_DATES = 512;
const MAX_ANSWERS_PER_DATE = 64;

export function createAvailabilityCache() {
  const entries = new Map<string, DateEntry>();
  const generations = new Map<string, number>();
  const inFlight = new Map<string, Promise<DateEntry>>();
  // date -> treatment -> its holders, as a booking transaction saw them (see rememberHolders).
  const holders = new Map<string, Map<string, KnownHolders>>();
  let epoch = 0;

  const generationOf = (date: string) => `${epoch}:${generations.get(date) ?? 0}`;

  return {
    async get(date: string, load: () => Promise<TakenSlots>): Promise<DateEntry> {
      const cached = entries.get(date);
      if (cached) return cached;
      const pending = inFlight.get(date);
      if (pending) return pending;
      const startedAt = generationOf(date);
      const loading = load()
        .then((taken) => {
          const entry: DateEntry = { taken, answers: new Map() };
          if (generationOf(date) === startedAt) {
            if (entries.size >= MAX_DATES) entries.delete(entries.keys().next().value!);
            entries.set(date, entry);
          }
          return entry;
        })
        .finally(() => {
          if (inFlight.get(date) === loading) inFlight.delete(date);
        });
      inFlight.set(date, loading);
      return loading;
    },

    /** The date's entry when it is loaded, without loading it (the front door's synchronous read). */
    peek(date: string): DateEntry | undefined {
      return entries.get(date);
    },

    /** The entry's answer for `clockKey`, rendered once per entry and clock state. */
    answer(entry: DateEntry, clockKey: string, render: () => Buffer): Buffer {
      let bytes = entry.answers.get(clockKey);
      if (bytes === undefined) {
        bytes = render();
        if (entry.answers.size >= MAX_ANSWERS_PER_DATE) entry.answers.clear();
        entry.answers.set(clockKey, bytes);
      }
      return bytes;
    },

    /** A token for the date's current state, to hand back to `rememberHolders`. */
    generation: generationOf,

    /**
     * Keeps the holders of a treatment's lanes on a date, as a committed booking transaction saw
     * them. Kept only if nothing invalidated the date since `seenAt`, taken before that
     * transaction began; dropped at the date's next invalidation (or the schedule's next change).
     */
    rememberHolders(date: string, treatmentId: string, list: KnownHolders, seenAt: string) {
      if (generationOf(date) !== seenAt) return;
      let byTreatment = holders.get(date);
      if (!byTreatment) {
        if (holders.size >= MAX_DATES) holders.delete(holders.keys().next().value!);
        holders.set(date, (byTreatment = new Map()));
      }
      byTreatment.set(treatmentId, list);
    },

    holdersOf(date: string, treatmentId: string): KnownHolders | undefined {
      return holders.get(date)?.get(treatmentId);
    },

    invalidate(date: string) {
      generations.set(date, (generations.get(date) ?? 0) + 1);
      entries.delete(date);
      inFlight.delete(date);
      holders.delete(date);
    },

    /** Changes may have been missed: forget everything. */
    reset() {
      epoch++;
      entries.clear();
      inFlight.clear();
      holders.clear();
    },
  };
}

export type AvailabilityCache = ReturnType<typeof createAvailabilityCache>;

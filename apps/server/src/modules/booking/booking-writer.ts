/**
 * How booking requests reach the service's write transaction. The plain writer gives each
 * request a transaction of its own. The fast writer (FAST_PATHS=on, the default) adds the two
 * measures that keep a popular slot's race cheap (docs/decisions/005 and 006; figures in
 * docs/benchmarks.md):
 *
 * - group commit: requests that arrive while a write is in flight share the next transaction,
 *   whose cost is mostly per statement, not per row;
 * - known slot holders: the holders of a treatment's day (its lanes' bookings and its own) that a
 *   committed write changed nothing on are remembered until the day's next change, and a request
 *   that would lose to them on every lane it may take is answered from memory, with the refusal
 *   the transaction would have given.
 *
 * Both writers answer every request with what the rules of `booking-rules.ts` decide; the
 * database decides every request that could win.
 */
import { createGroupCommit, type GroupCommitOptions } from '../../lib/group-commit.ts';
import type { AvailabilityCache, KnownHolders } from './availability-cache.ts';
import { blockerOf, type BookingRequest, type Day, type Refusal } from './booking-rules.ts';

/** A batch's answer to one request: the written booking, a refusal, or an error of its own. */
export type WriteOutcome<B> = { booking: B } | Refusal | Error;

/** What the service's write transaction answers for a batch of requests. */
export interface BatchResult<B> {
  outcomes: WriteOutcome<B>[];
  /** The holders of the batch's days it wrote nothing on, as its transaction saw them. */
  unchangedDays: (Day & KnownHolders)[];
}

export interface BookingWriter<R extends BookingRequest, B> {
  write(request: R): Promise<WriteOutcome<B>>;
}

/** One transaction per request. */
export function createPlainWriter<R extends BookingRequest, B>(
  writeBatch: (requests: R[]) => Promise<BatchResult<B>>,
): BookingWriter<R, B> {
  return {
    async write(request) {
      const { outcomes } = await writeBatch([request]);
      return outcomes[0]!;
    },
  };
}

/** Which of the two measures the fast writer takes (FAST_PATHS names them apart). */
export interface FastWriterOptions {
  groupCommit: boolean;
  knownHolders: boolean;
}

/** Group commit and known slot holders in front of the same transaction. */
export function createFastWriter<R extends BookingRequest, B>(
  writeBatch: (requests: R[]) => Promise<BatchResult<B>>,
  cache: Pick<AvailabilityCache, 'generation' | 'rememberHolders' | 'holdersOf'>,
  batching: GroupCommitOptions,
  { groupCommit, knownHolders }: FastWriterOptions = { groupCommit: true, knownHolders: true },
): BookingWriter<R, B> {
  const run = async (requests: R[]) => {
    // Taken before the transaction begins: an invalidation after it means the holders it saw
    // may be out of date by the time it answers, and they are not kept.
    const seenAt = new Map(requests.map((r) => [r.date, cache.generation(r.date)]));
    const { outcomes, unchangedDays } = await writeBatch(requests);
    if (knownHolders) {
      for (const day of unchangedDays) {
        cache.rememberHolders(day.date, day.treatmentId, { lanes: day.lanes, holders: day.holders }, seenAt.get(day.date)!);
      }
    }
    return outcomes;
  };
  const shared = groupCommit ? createGroupCommit(run, batching) : async (request: R) => (await run([request]))[0]!;
  return {
    write(request) {
      const known = knownHolders ? cache.holdersOf(request.date, request.treatmentId) : undefined;
      // Answered from memory only when it covers every lane the request may take.
      const blocker = known && request.lanes.every((lane) => known.lanes.has(lane)) && blockerOf(known.holders, request);
      if (blocker) return Promise.resolve({ conflict: blocker });
      return shared(request);
    },
  };
}

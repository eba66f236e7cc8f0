/**
 * Group commit: work submitted while earlier work is in flight waits, then goes as one batch, so
 * under load the items share one transaction instead of each paying for their own.
 *
 * A batch starts on the event loop's next turn (setImmediate), not at once. PGlite runs a whole
 * transaction without yielding to the event loop, so requests whose I/O was already done could
 * not reach the queue while one ran: every batch held one item. A turn lets them in first; idle,
 * it costs an item a few microseconds.
 *
 * A batch that fails is retried item by item, so one bad item cannot fail the others and each
 * caller gets its own item's outcome or error.
 */
export interface GroupCommitOptions {
  /** Items in one batch at most. */
  maxBatch: number;
  /** Batches in flight at once (1 for a single-connection database). */
  concurrency: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

/**
 * `run` gets a batch and must answer one outcome per item, in the batch's order, or throw for
 * the whole batch.
 */
export function createGroupCommit<I, O>(
  run: (items: I[]) => Promise<O[]>,
  { maxBatch, concurrency }: GroupCommitOptions,
): (item: I) => Promise<O> {
  const waiting: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function runOne(entry: Waiting<I, O>): Promise<void> {
    try {
      const [outcome] = await run([entry.item]);
      entry.resolve(outcome!);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function settle(batch: Waiting<I, O>[]): Promise<void> {
    if (batch.length === 1) return runOne(batch[0]!);
    let outcomes: O[];
    try {
      outcomes = await run(batch.map((w) => w.item));
    } catch {
      // Nothing of the batch was committed: each item alone, one after another.
      for (const entry of batch) await runOne(entry);
      return;
    }
    batch.forEach((entry, i) => entry.resolve(outcomes[i]!));
  }

  function pump(): void {
    scheduled = false;
    while (inFlight < concurrency && waiting.length > 0) {
      inFlight++;
      void settle(waiting.splice(0, maxBatch)).finally(() => {
        inFlight--;
        schedule();
      });
    }
  }

  function schedule(): void {
    if (scheduled || waiting.length === 0) return;
    scheduled = true;
    setImmediate(pump);
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      schedule();
    });
}

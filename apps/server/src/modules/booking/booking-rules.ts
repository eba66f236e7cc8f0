/**
 * Who may book what, decided in one place: who blocks whom, how a batch of requests is decided
 * against the holders a transaction saw, and how a refusal is worded. Pure (no clock, no
 * database): the service reads the holders and counts under its locks and asks these functions;
 * the known-holders fast path asks `blockerOf` about holders it remembers. The database's partial
 * unique indexes stay as the last word behind them.
 */
import { ErrorCode } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';

/** Who holds a slot: enough to decide a competing request and word its refusal. */
export interface SlotHolder {
  slot: string;
  /** The owning account; null for a booking whose account was removed. */
  patientId: string | null;
}

/** What a rule needs to know of a request (or of a committed booking). */
export interface BookingRequest {
  treatmentId: string;
  date: string;
  slot: string;
  patientId: string;
}

/** A treatment's day: the unit a booking competes in. */
export type Day = Pick<BookingRequest, 'treatmentId' | 'date'>;

export const dayKey = (day: Day) => `${day.treatmentId}|${day.date}`;

/**
 * What stops `request` from booking among a treatment's holders on its date: the patient's own
 * booking of that treatment that day first (it explains the refusal best), else the slot's
 * holder; undefined if nothing. One booking per treatment, patient and day; one patient per slot.
 */
export function blockerOf<H extends SlotHolder>(holders: readonly H[], request: SlotHolder): H | undefined {
  const own = (h: SlotHolder) => request.patientId !== null && h.patientId === request.patientId;
  const clashes = holders.filter((h) => h.slot === request.slot || own(h));
  return clashes.find(own) ?? clashes[0];
}

/** Why a request was refused: who holds its slot (or its patient's booking that day), or the cap. */
export type Refusal = { conflict: SlotHolder } | { overLimit: number };

export interface BatchState {
  /** Every active booking on the batch's days, as its transaction saw them under the day locks. */
  held: readonly (SlotHolder & Day)[];
  /** Active bookings from today on, per patient of the batch, under the patients' locks. */
  activeCounts: ReadonlyMap<string, number>;
  /** How many of those one patient may hold (MAX_ACTIVE_BOOKINGS). */
  maxActive: number;
}

export interface BatchDecision<R> {
  /** One entry per request, in order: its refusal, or undefined for a winner. */
  refusals: (Refusal | undefined)[];
  winners: R[];
  /** Every holder of each day once the winners are in, for the days the batch changed nothing on. */
  holdersOf(day: Day): SlotHolder[];
}

/**
 * Decides a batch of requests, in order: an earlier request of the batch wins over a later one,
 * as if each had been its own transaction. Every request is for today or later (the service
 * refused the rest), so each winner adds one to its patient's count of upcoming bookings.
 */
export function decideBatch<R extends BookingRequest>(requests: readonly R[], state: BatchState): BatchDecision<R> {
  const holders = new Map<string, SlotHolder[]>();
  const hold = (key: string, holder: SlotHolder) => {
    const list = holders.get(key);
    if (list) list.push(holder);
    else holders.set(key, [holder]);
  };
  for (const row of state.held) hold(dayKey(row), { slot: row.slot, patientId: row.patientId });
  const active = new Map(state.activeCounts);

  const refusals = requests.map((request): Refusal | undefined => {
    const key = dayKey(request);
    const blocker = blockerOf(holders.get(key) ?? [], request);
    if (blocker) return { conflict: blocker };
    const count = active.get(request.patientId) ?? 0;
    if (count >= state.maxActive) return { overLimit: state.maxActive };
    hold(key, { slot: request.slot, patientId: request.patientId });
    active.set(request.patientId, count + 1);
    return undefined;
  });
  return {
    refusals,
    winners: requests.filter((_, i) => refusals[i] === undefined),
    holdersOf: (day) => holders.get(dayKey(day)) ?? [],
  };
}

/**
 * The spec's conflict answer for `request`, refused because of `holder`: the patient's own
 * booking of the treatment that day is described; another patient's stays private.
 */
export function conflictError(request: BookingRequest, treatmentName: string, holder: SlotHolder): AppError {
  const own = holder.patientId === request.patientId;
  const slot = own ? holder.slot : request.slot;
  return new AppError(
    ErrorCode.CONFLICT,
    own ? `You already have ${treatmentName} on ${request.date} at ${slot}.` : 'That slot has just been taken; choose another.',
    { extra: { success: false, booking: { date: request.date, slot, treatment: treatmentName } } },
  );
}

/** The answer to a patient who already holds the most upcoming bookings one may. */
export function overLimitError(max: number): AppError {
  return new AppError(
    ErrorCode.BOOKING_LIMIT,
    `You already have ${max} upcoming appointments, the most one patient may hold. ` +
      'Please come to one of them, or ask the clinic to cancel one, before booking another.',
    { extra: { limit: max } },
  );
}

/** The answer for a refusal, worded for the request it refused. */
export function refusalError(request: BookingRequest, treatmentName: string, refusal: Refusal): AppError {
  return 'conflict' in refusal ? conflictError(request, treatmentName, refusal.conflict) : overLimitError(refusal.overLimit);
}

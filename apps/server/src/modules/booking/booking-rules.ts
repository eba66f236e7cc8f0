/**
 * Who may book what, decided in one place: who blocks whom, how a batch of requests is decided
 * against the holders a transaction saw, and how a refusal is worded. Pure (no clock, no
 * database): the service reads the holders and counts under its locks and asks these functions;
 * the known-holders fast path asks `blockerOf` about holders it remembers. The database's
 * exclusion constraint (one confirmed booking per lane and time) and partial unique index (one
 * per patient, treatment and day) stay as the last word behind them.
 */
import { ErrorCode, type IsoDate } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';
import { isNearWindow, type BookingClock } from './slots.ts';

/** Who holds a lane's time on a date: enough to decide a competing request and word its refusal. */
export interface SlotHolder {
  /** What the booking occupies: its doctor, else its treatment. */
  laneId: string;
  treatmentId: string;
  /** `[startMin, endMin)`, wall-clock minutes in the clinic's zone. */
  startMin: number;
  endMin: number;
  /** The spec's label of that time, for the refusal's wording. */
  slot: string;
  /** The owning account; null for a booking whose account was removed. */
  patientId: string | null;
}

/** What a rule needs to know of a request. */
export interface BookingRequest {
  treatmentId: string;
  date: string;
  startMin: number;
  endMin: number;
  slot: string;
  patientId: string;
  /** A dependent's booking: the guardian who makes it, whose household's cap it counts in. */
  bookedBy?: string | null;
  /** The patient's name, for wording a refusal about a dependent's own booking. */
  patientName?: string;
  /**
   * The lanes it may take, each open for the whole time: the treatment's own queue, the doctor
   * asked for, or every doctor of the treatment free to work then ("any available doctor").
   */
  lanes: readonly string[];
}

/** A treatment's day: the unit whose holders are read, remembered and invalidated together. */
export type Day = Pick<BookingRequest, 'treatmentId' | 'date'>;

export const dayKey = (day: Day) => `${day.treatmentId}|${day.date}`;

const overlapping = (h: SlotHolder, r: Pick<BookingRequest, 'startMin' | 'endMin'>) => h.startMin < r.endMin && r.startMin < h.endMin;

/** Where a request goes: a free lane, or the holder that stops it. */
export type Placement = { lane: string } | { blocker: SlotHolder };

/**
 * Where `request` can go among the holders of its date: refused by the patient's own booking of
 * that treatment that day first (it explains the refusal best), else by a holder of its time on
 * the first of its lanes when every lane is taken. Of several free lanes it takes the one with
 * the fewest bookings that day, then the lowest id: the same answer on every instance, and a
 * fair share between doctors. `holders` may include holders of other lanes and treatments.
 */
export function placeRequest(holders: readonly SlotHolder[], request: BookingRequest): Placement {
  const own = request.patientId !== null
    ? holders.find((h) => h.treatmentId === request.treatmentId && h.patientId === request.patientId)
    : undefined;
  if (own) return { blocker: own };
  let best: { lane: string; load: number } | undefined;
  let firstBlocker: SlotHolder | undefined;
  for (const lane of request.lanes) {
    const onLane = holders.filter((h) => h.laneId === lane);
    const blocker = onLane.find((h) => overlapping(h, request));
    if (blocker) {
      firstBlocker ??= blocker;
      continue;
    }
    if (!best || onLane.length < best.load || (onLane.length === best.load && lane < best.lane)) {
      best = { lane, load: onLane.length };
    }
  }
  if (best) return { lane: best.lane };
  // No lane at all (nobody works then; the service checks before writing) reads as a taken time.
  return { blocker: firstBlocker ?? { laneId: '', treatmentId: request.treatmentId, startMin: request.startMin, endMin: request.endMin, slot: request.slot, patientId: null } };
}

/** What stops `request` among `holders`, or undefined when a lane is free. */
export function blockerOf(holders: readonly SlotHolder[], request: BookingRequest): SlotHolder | undefined {
  const placement = placeRequest(holders, request);
  return 'blocker' in placement ? placement.blocker : undefined;
}

/**
 * Why a request was refused: who holds its time (or its patient's booking that day), the cap, or
 * a schedule that changed between the request's checks and its transaction (the service checks
 * it again against the new schedule).
 */
export type Refusal = { conflict: SlotHolder } | { overLimit: number; household?: true } | { scheduleChanged: true };

export interface BatchState {
  /** Every confirmed booking on the batch's lanes and treatments and dates, as its transaction saw them under the locks. */
  held: readonly (SlotHolder & { date: string })[];
  /** Confirmed bookings from today on, per patient of the batch (and per guardian booking for one), under the patients' locks. */
  activeCounts: ReadonlyMap<string, number>;
  /** How many of those one patient may hold (MAX_ACTIVE_BOOKINGS). */
  maxActive: number;
  /** Confirmed bookings from today on that each account of the batch made for its dependents (absent: none). */
  bookedForCounts?: ReadonlyMap<string, number>;
  /** How many one household (an account, its own bookings and those it made for dependents) may hold: MAX_ACTIVE_BOOKINGS x 4. */
  householdMax?: number;
}

/** A household holds at most MAX_ACTIVE_BOOKINGS times this (practice-loop.md section 7). */
export const HOUSEHOLD_FACTOR = 4;

/** The account whose household a request counts in: the guardian booking for a dependent, else the patient. */
export const householdOf = (request: Pick<BookingRequest, 'patientId' | 'bookedBy'>) => request.bookedBy ?? request.patientId;

export interface BatchDecision<R> {
  /** One entry per request, in order: its refusal, or undefined for a winner. */
  refusals: (Refusal | undefined)[];
  /** The winners in order, each with the lane it takes. */
  winners: { request: R; lane: string }[];
  /** Every holder on a date once the winners are in. */
  holdersOn(date: string): (SlotHolder & { date: string })[];
}

/**
 * Decides a batch of requests, in order: an earlier request of the batch wins over a later one,
 * as if each had been its own transaction. Every request is for today or later (the service
 * refused the rest), so each winner adds one to its patient's count of upcoming bookings.
 */
export function decideBatch<R extends BookingRequest>(requests: readonly R[], state: BatchState): BatchDecision<R> {
  const byDate = new Map<string, (SlotHolder & { date: string })[]>();
  const hold = (holder: SlotHolder & { date: string }) => {
    const list = byDate.get(holder.date);
    if (list) list.push(holder);
    else byDate.set(holder.date, [holder]);
  };
  for (const row of state.held) hold(row);
  const active = new Map(state.activeCounts);
  const bookedFor = new Map(state.bookedForCounts ?? []);
  const householdMax = state.householdMax ?? Number.POSITIVE_INFINITY;
  const winners: { request: R; lane: string }[] = [];

  const refusals = requests.map((request): Refusal | undefined => {
    const placement = placeRequest(byDate.get(request.date) ?? [], request);
    if ('blocker' in placement) return { conflict: placement.blocker };
    const count = active.get(request.patientId) ?? 0;
    if (count >= state.maxActive) return { overLimit: state.maxActive };
    // The household: the account's own bookings and those it made for its dependents.
    const household = householdOf(request);
    const made = bookedFor.get(household) ?? 0;
    if ((active.get(household) ?? 0) + made >= householdMax) return { overLimit: householdMax, household: true };
    hold({ ...request, laneId: placement.lane, date: request.date });
    active.set(request.patientId, count + 1);
    if (request.bookedBy) bookedFor.set(household, made + 1);
    winners.push({ request, lane: placement.lane });
    return undefined;
  });
  return { refusals, winners, holdersOn: (date) => byDate.get(date) ?? [] };
}

/**
 * The spec's conflict answer for `request`, refused because of `holder`: the patient's own
 * booking of the treatment that day is described; another patient's stays private.
 */
export function conflictError(request: BookingRequest, treatmentName: string, holder: SlotHolder): SlotConflictError {
  const own = holder.patientId === request.patientId && holder.treatmentId === request.treatmentId;
  const slot = own ? holder.slot : request.slot;
  const who = request.bookedBy ? `${firstNameOf(request.patientName ?? '')} already has` : 'You already have';
  return new SlotConflictError(
    own ? 'caller' : 'another',
    own ? `${who} ${treatmentName} on ${request.date} at ${slot}.` : 'That slot has just been taken; choose another.',
    { success: false, booking: { date: request.date, slot, treatment: treatmentName } },
  );
}

/**
 * The spec's 409 `conflict`, saying in code (not in its words) whose booking stands in the way:
 * the caller's own of that treatment that day, or another patient's (the waitlist tells the two apart).
 */
export class SlotConflictError extends AppError {
  constructor(
    readonly heldBy: 'caller' | 'another',
    message: string,
    extra: Record<string, unknown>,
  ) {
    super(ErrorCode.CONFLICT, message, { extra });
  }
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || 'This patient';

/** The answer to a patient who already holds the most upcoming bookings one may. */
export function overLimitError(max: number, household = false): AppError {
  if (household) {
    return new AppError(
      ErrorCode.BOOKING_LIMIT,
      `Your family already has ${max} upcoming appointments, the most one account may hold. ` +
        'Please come to one of them, or cancel one, before booking another.',
      { extra: { limit: max } },
    );
  }
  return new AppError(
    ErrorCode.BOOKING_LIMIT,
    `You already have ${max} upcoming appointments, the most one patient may hold. ` +
      'Please come to one of them, or ask the clinic to cancel one, before booking another.',
    { extra: { limit: max } },
  );
}

/** The answer for a refusal, worded for the request it refused. */
export function refusalError(request: BookingRequest, treatmentName: string, refusal: Exclude<Refusal, { scheduleChanged: true }>): AppError {
  return 'conflict' in refusal ? conflictError(request, treatmentName, refusal.conflict) : overLimitError(refusal.overLimit, refusal.household === true);
}

/**
 * A public read asked about a day too far from the booking window (`slots.ts`
 * `PUBLIC_DATE_SLACK_DAYS`): a 400 naming the days it may ask about, on the given field.
 */
export function outsidePublicDays(field: string, clock: BookingClock): AppError {
  const message = `Choose a day from ${clock.publicFrom} to ${clock.publicTo}`;
  return new AppError(ErrorCode.VALIDATION, `${message}.`, { errors: { [field]: [message] } });
}

/** Refuses a public read's day unless it lies near the booking window. */
export function assertNearWindow(date: IsoDate, clock: BookingClock, field = 'date'): void {
  if (!isNearWindow(date, clock)) throw outsidePublicDays(field, clock);
}

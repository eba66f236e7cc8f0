/**
 * What payments and refunds need of a booking, declared here and implemented by the booking
 * module (booking/booking-ledger.ts), wired in app.ts: the bookings tables are the booking
 * module's, and the payments module reads and writes them only through this port. Declared on
 * this side so that payments imports nothing of booking (booking already calls payments).
 */
import type { Db } from '../../db/client.ts';

/** A booking as paying it sees it. */
export interface PayableBooking {
  id: string;
  patientId: string | null;
  status: string;
  paid: boolean;
  priceCents: number;
  /** The processor's reference of the payment that paid it. */
  transactionId: string | null;
}

/** One entry of a booking's history written by payments (a refund's progress). */
export interface LedgerEvent {
  actorKind: 'patient' | 'system';
  actorId: string | null;
  type: 'refund';
  data: Record<string, unknown>;
}

export interface BookingLedger {
  /** The booking, locked for the rest of `tx` so two payments cannot interleave; null if none (or a malformed id). */
  lock(tx: Db, id: string): Promise<PayableBooking | null>;
  /** The booking as it is now, without a lock (for answers, not for changes). */
  find(db: Db, id: string): Promise<PayableBooking | null>;
  /**
   * Marks the booking paid unless it already is or was cancelled, with a `paid` entry in its
   * history (the patient paid); answers whether this call did it.
   */
  markPaid(tx: Db, id: string, transactionId: string, by?: { kind: 'admin'; id: string }): Promise<boolean>;
  /** Appends to a booking's history, in `tx`. */
  record(tx: Db, bookingId: string, event: LedgerEvent): Promise<void>;
  /** The ids of an account's bookings (its payments are theirs: export and erasure). */
  bookingIdsOf(db: Db, patientId: string): Promise<string[]>;
}

/**
 * The one release path every cancellation takes (the patient's, the front desk's, a closure's, a
 * removed doctor's or treatment's, an account's removal or self-deletion), in the caller's
 * transaction: the rows cancelled with their real actor, open card payments handed over, a refund
 * per policy, one history entry each with that actor, the audit entry for staff, every instance
 * told the dates changed, reminders withdrawn, the waitlist woken, the patient mailed as the cause
 * says; after the commit, this instance's caches dropped and the cancellation counted.
 */
import type { Db } from '../../db/client.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RefundSummary, RefundsService } from '../payments/refunds.service.ts';
import type { AvailabilityCache } from './availability-cache.ts';
import type { RecallHooks } from './booking-ports.ts';
import { notifyAvailabilityChanged } from './availability-channel.ts';
import { insertBookingEvents, markCancelled, type BookingRow } from './booking.repository.ts';
import { refundFor, refundReason, type CancelActor, type CancelCause, type LifecycleRules, type RefundChoice } from './lifecycle-rules.ts';

export interface ReleaseDeps {
  cache: AvailabilityCache;
  mail: Pick<MailService, 'queueClinicCancellations' | 'queuePatientCancellation' | 'withdrawReminders'>;
  refunds: Pick<RefundsService, 'queueIn'>;
  payments: Pick<PaymentsService, 'closeOpenIntentsIn'>;
  waitlist: { freed(tx: Db, dates: Iterable<string>): Promise<void> };
  recall: Pick<RecallHooks, 'released'>;
  lifecycle: Pick<LifecycleRules, 'refundOnPatientCancel'>;
  /** The operator's counter, labelled by cause; the front desk's keeps its old label, `admin`. */
  events: { cancelled(by: 'patient' | 'admin' | 'clinic' | 'account', count?: number): void };
  now: () => Date;
}

export interface Release {
  cause: CancelCause;
  actor: CancelActor;
  /** Shown to the patient and kept on the row; empty for none. */
  reason: string;
  /** The front desk's choice (`staff` only; the other causes' refunds follow the policy). */
  refund?: RefundChoice;
  /** Whether the patient is mailed (the front desk may choose not to; an erased account never is). */
  notify?: boolean;
}

export interface Released {
  row: BookingRow;
  refund: RefundSummary | null;
}

export function createRelease(deps: ReleaseDeps) {
  const { cache, mail, refunds, payments, waitlist, recall, lifecycle, events, now } = deps;

  /** Releases the still-confirmed ones of `ids` (the caller holds their rows or their days locked). */
  return async function release({ tx, afterCommit }: UnitOfWork, ids: string[], how: Release): Promise<Released[]> {
    const { cause, actor, reason } = how;
    const actorId = actor.kind === 'system' ? null : actor.id;
    const cancelled = await markCancelled(tx, ids, { at: now(), by: actor.kind, actorId, reason });
    if (cancelled.length === 0) return [];
    const cancelledIds = cancelled.map((b) => b.id);
    await payments.closeOpenIntentsIn(tx, cancelledIds);
    const choice = refundFor(cause, lifecycle, how.refund);
    const released: Released[] = [];
    for (const row of cancelled) {
      // A choice of an amount must be refundable (queueIn refuses more than was paid); a full
      // refund of an unpaid booking is nothing to do.
      const refund = choice === 'none' ? null : await refunds.queueIn(tx, row.id, choice, refundReason(cause, reason));
      released.push({ row, refund });
    }
    await insertBookingEvents(
      tx,
      released.map(({ row, refund }) => ({
        bookingId: row.id, actorKind: actor.kind, actorId, type: 'cancelled' as const,
        data: { reason, cause, ...(refund ? { refund: refund.amount } : {}) },
      })),
    );
    if (cause === 'staff' && actor.kind === 'admin') {
      for (const { row, refund } of released) {
        await recordAudit(tx, { actorId: actor.id, actorEmail: actor.email, action: 'booking.cancel', target: row.id, detail: { reason, refund: refund?.amount ?? 0 } });
      }
    }
    const dates = new Set(cancelled.map((b) => b.date));
    await notifyAvailabilityChanged(tx, dates);
    await mail.withdrawReminders(tx, cancelledIds);
    await waitlist.freed(tx, dates);
    await recall.released(tx, cancelledIds);
    if (cause === 'clinic') await mail.queueClinicCancellations(tx, cancelled, reason);
    else if (cause !== 'account' && (how.notify ?? true)) {
      // The front desk's cancel is the clinic's: the patient hears why, with an apology.
      const byClinic = cause === 'staff' ? { reason } : undefined;
      for (const { row, refund } of released) await mail.queuePatientCancellation(tx, row, refund, byClinic);
    }
    afterCommit(() => {
      dates.forEach((date) => cache.invalidate(date));
      events.cancelled(cause === 'staff' ? 'admin' : cause, cancelled.length);
    });
    return released;
  };
}

export type ReleaseBookings = ReturnType<typeof createRelease>;

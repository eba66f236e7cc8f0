/**
 * Hands `sms` outbox rows to the text-message provider: the `sms.send` job kind, one job per
 * text, queued as its mail is taken for sending (mail/outbox.repository.ts takeMail) and run by
 * the one job engine. The row is checked again as it is taken (the booking still as it was, the
 * patient still taking texts at that number); a permanent refusal is recorded and not retried.
 *
 * Like SMTP, the provider has no idempotency key for messages: a text is sent again only when an
 * instance died between the provider's accept and markSent, the same window as a mail's.
 */
import type { Db } from '../../db/client.ts';
import type { JobKind } from '../jobs/job-runner.ts';
import { markFailed, markSent, scheduleRetry, takeMail } from './outbox.repository.ts';
import type { TextProvider } from '../sms/text-provider.ts';

export { SEND_SMS_JOB } from './outbox.repository.ts';

export interface SmsSenderOptions {
  db: Db;
  provider: TextProvider;
  now?: () => Date;
  /** Link placeholders made into links as the text goes (links module), as for a mail. */
  expand?: (db: Db, message: { textBody: string; userId: string | null; bookingId: string | null; bookingVersion: number | null }) => Promise<string>;
  retryBaseMs?: number;
  retryMaxMs?: number;
  maxAttempts?: number;
}

const outboxIdOf = (payload: Record<string, unknown>) => String(payload.outboxId);

export function createSmsSender(options: SmsSenderOptions): JobKind {
  const { db, provider, expand, now = () => new Date(), retryBaseMs = 30_000, retryMaxMs = 3_600_000, maxAttempts = 8 } = options;
  return {
    maxAttempts,
    retryBaseMs,
    retryMaxMs,
    isPermanent: (error) => provider.isPermanent(error),
    async run(payload, job) {
      const text = await takeMail(db, outboxIdOf(payload), job.attempts, now());
      if (!text) return;
      const body = expand ? await expand(db, text) : text.textBody;
      await provider.send({ to: text.toAddress, body });
      await markSent(db, text.id, now());
    },
    retrying: (tx, payload, reason, at) => scheduleRetry(tx, outboxIdOf(payload), reason, at),
    failed: (tx, payload, reason) => markFailed(tx, outboxIdOf(payload), reason),
  };
}

/**
 * Delivers the outbox over SMTP (nodemailer) with retries and exponential backoff. A permanent
 * rejection (an SMTP 5xx) is recorded and not retried; anything else is retried until
 * `maxAttempts`. Safe to run on every instance at once (see claimDueMails).
 */
import type { Transporter } from 'nodemailer';
import { replaceControlCharacters } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { claimDueMails, markFailed, markSent, scheduleRetry, type OutboxRow } from './outbox.repository.ts';

export interface OutboxWorkerOptions {
  db: Db;
  transport: Transporter;
  from: string;
  /** The host of Message-IDs (PUBLIC_URL's): `<outbox id or dedupe key@host>`, the same on a resend. */
  messageIdHost: string;
  /** The app's clock (tests pin it): what is due, and when a retry is. */
  now?: () => Date;
  /** How long a claim lasts before another instance may take the mail over. */
  claimSeconds?: number;
  pollMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  maxAttempts?: number;
  batchSize?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function createOutboxWorker(options: OutboxWorkerOptions) {
  const {
    db, transport, from, messageIdHost, now = () => new Date(), claimSeconds = 120, pollMs = 2000, retryBaseMs = 30_000,
    retryMaxMs = 3_600_000, maxAttempts = 8, batchSize = 10,
  } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function deliver(mail: OutboxRow) {
    try {
      await transport.sendMail({
        // Fixed per mail: SMTP has no idempotency, so a mail resent after an instance died
        // between the server's accept and markSent carries the same Message-ID (design section 5.4).
        messageId: `<${(mail.dedupeKey ?? mail.id).replaceAll(':', '.')}@${messageIdHost}>`,
        from,
        to: mail.toAddress,
        // Queued clean (mail.service.ts); a row stored before that still sends on one line.
        subject: replaceControlCharacters(mail.subject),
        text: mail.textBody,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.ics
          ? { attachments: [{ filename: 'appointment.ics', content: mail.ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] }
          : {}),
      });
      await markSent(db, mail.id, now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isPermanent(error) || mail.attempts >= maxAttempts) {
        options.log?.error({ mailId: mail.id, attempts: mail.attempts, err: message }, 'mail not delivered, giving up');
        await markFailed(db, mail.id, message);
      } else {
        const delay = Math.min(retryBaseMs * 2 ** (mail.attempts - 1), retryMaxMs);
        options.log?.warn({ mailId: mail.id, attempts: mail.attempts, retryInMs: delay, err: message }, 'mail delivery failed, will retry');
        await scheduleRetry(db, mail.id, message, new Date(now().getTime() + delay));
      }
    }
  }

  /** One pass: claim what is due and deliver it. Returns how many mails were attempted. */
  async function runOnce(): Promise<number> {
    const claimed = await claimDueMails(db, batchSize, claimSeconds, now());
    for (const mail of claimed) await deliver(mail);
    return claimed.length;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().catch((error) => {
        options.log?.error({ err: String(error) }, 'outbox pass failed');
        return 0;
      });
      void running.finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    runOnce,
    start: schedule,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

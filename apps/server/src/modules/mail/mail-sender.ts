/**
 * Hands the outbox to SMTP (nodemailer): the `mail.send` job kind, one job per mail, queued with
 * the mail in the transaction that caused it (outbox.repository.ts) and run by the one job engine
 * (jobs/job-runner.ts) when the mail is due. A permanent rejection (an SMTP 5xx) is recorded and
 * not retried; anything else is retried with backoff until `maxAttempts`. The outbox row stays
 * the record the screens read: this kind keeps its status, attempts and error in step.
 */
import type { Transporter } from 'nodemailer';
import { replaceControlCharacters } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import type { JobKind } from '../jobs/job-runner.ts';
import { markFailed, markSent, scheduleRetry, takeMail } from './outbox.repository.ts';

export { SEND_MAIL_JOB } from './outbox.repository.ts';

export interface MailSenderOptions {
  db: Db;
  transport: Transporter;
  from: string;
  /** The host of Message-IDs (PUBLIC_URL's): `<outbox id or dedupe key@host>`, the same on a resend. */
  messageIdHost: string;
  /** The app's clock (tests pin it): what is late, and when the mail went. */
  now?: () => Date;
  retryBaseMs?: number;
  retryMaxMs?: number;
  maxAttempts?: number;
  /**
   * The text as it goes: a queued text may name links by purpose (`{{link:confirm}}`), made
   * when the mail is sent (links module). Absent: the text as queued.
   */
  /** Text messages are on (SMS_PROVIDER): a reminder or recall also makes its text as it goes. */
  textMessages?: boolean;
  expand?: (db: Db, mail: { textBody: string; userId: string | null; bookingId: string | null; bookingVersion: number | null }) => Promise<string>;
}

function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const outboxIdOf = (payload: Record<string, unknown>) => String(payload.outboxId);

export function createMailSender(options: MailSenderOptions): JobKind & { close(): void } {
  const { db, transport, from, messageIdHost, expand, textMessages = false, now = () => new Date(), retryBaseMs = 30_000, retryMaxMs = 3_600_000, maxAttempts = 8 } = options;
  return {
    maxAttempts,
    retryBaseMs,
    retryMaxMs,
    isPermanent,
    async run(payload, job) {
      const mail = await takeMail(db, outboxIdOf(payload), job.attempts, now(), { textMessages });
      if (!mail) return;
      const text = expand ? await expand(db, mail) : mail.textBody;
      await transport.sendMail({
        // Fixed per mail: SMTP has no idempotency, so a mail resent after an instance died
        // between the server's accept and markSent carries the same Message-ID (design section 5.4).
        messageId: `<${(mail.dedupeKey ?? mail.id).replaceAll(':', '.')}@${messageIdHost}>`,
        from,
        to: mail.toAddress,
        // Queued clean (mail.service.ts); a row stored before that still sends on one line.
        subject: replaceControlCharacters(mail.subject),
        text,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.ics
          ? { attachments: [{ filename: 'appointment.ics', content: mail.ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] }
          : {}),
      });
      await markSent(db, mail.id, now());
    },
    retrying: (tx, payload, reason, at) => scheduleRetry(tx, outboxIdOf(payload), reason, at),
    failed: (tx, payload, reason) => markFailed(tx, outboxIdOf(payload), reason),
    close: () => transport.close(),
  };
}

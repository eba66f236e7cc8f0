/**
 * The contact form: stored first so no message is ever lost (DESIGN.md section 5). Delivery by
 * mail goes through the outbox to CLINIC_INBOX; admins also read them on the Messages page.
 */
import type { ContactForm } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';
import { deleteContactMessagesOf, insertContactMessage, listContactMessages, listContactMessagesOf } from './contact.repository.ts';

/** Generous for people, tight for a script flooding the clinic's inbox. */
const CONTACT_LIMIT = { max: 20, windowSeconds: 600 };

export function createContactService(deps: { db: Db; rateLimiter: RateLimiter; mail: Pick<MailService, 'queueContactMessage'> }) {
  return {
    /** `userId`: the signed-in account that sent it, null when sent signed out. */
    async receive(form: ContactForm, ip: string, userId: string | null): Promise<{ success: true; _id: string }> {
      await deps.rateLimiter.consume([{ key: `contact:ip:${ip}`, ...CONTACT_LIMIT }]);
      const message = { ...form, email: form.email.toLowerCase() };
      // The message and its mail to the clinic commit together: neither exists without the other.
      const id = await deps.db.transaction(async (tx) => {
        const messageId = await insertContactMessage(tx, { ...message, userId });
        await deps.mail.queueContactMessage(tx, message, userId);
        return messageId;
      });
      return { success: true, _id: id };
    },
    /**
     * The messages an account sent while signed in, as its export lists them. Never matched by
     * address: anyone may type any address into the form, and sign up with it unverified.
     */
    async exportOf(userId: string) {
      return (await listContactMessagesOf(deps.db, userId)).map((m) => ({
        subject: m.subject,
        message: m.message,
        createdAt: m.createdAt.toISOString(),
      }));
    },
    /** Erasure: the messages an erased account sent signed in; runs in `tx`. */
    eraseOf(tx: Db, userId: string): Promise<number> {
      return deleteContactMessagesOf(tx, userId);
    },
    async list() {
      return (await listContactMessages(deps.db)).map((m) => ({
        _id: m.id,
        email: m.email,
        subject: m.subject,
        message: m.message,
        createdAt: m.createdAt.toISOString(),
      }));
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

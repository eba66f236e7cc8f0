/**
 * The contact form: stored first so no message is ever lost (DESIGN.md section 5). Delivery by
 * mail goes through the outbox to CLINIC_INBOX; admins also read them on the Messages page.
 */
import type { ContactForm } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';
import { deleteContactMessagesFrom, insertContactMessage, listContactMessages, listContactMessagesFrom } from './contact.repository.ts';

/** Generous for people, tight for a script flooding the clinic's inbox. */
const CONTACT_LIMIT = { max: 20, windowSeconds: 600 };

export function createContactService(deps: { db: Db; rateLimiter: RateLimiter; mail: Pick<MailService, 'queueContactMessage'> }) {
  return {
    async receive(form: ContactForm, ip: string): Promise<{ success: true; _id: string }> {
      await deps.rateLimiter.consume([{ key: `contact:ip:${ip}`, ...CONTACT_LIMIT }]);
      const message = { ...form, email: form.email.toLowerCase() };
      // The message and its mail to the clinic commit together: neither exists without the other.
      const id = await deps.db.transaction(async (tx) => {
        const messageId = await insertContactMessage(tx, message);
        await deps.mail.queueContactMessage(tx, message);
        return messageId;
      });
      return { success: true, _id: id };
    },

    /** The messages sent from an address, as its account's export lists them. */
    async exportOf(email: string) {
      return (await listContactMessagesFrom(deps.db, email.toLowerCase())).map((m) => ({
        subject: m.subject,
        message: m.message,
        createdAt: m.createdAt.toISOString(),
      }));
    },

    /** Erasure: the messages sent from an erased account's addresses; runs in `tx`. */
    eraseFrom(tx: Db, emails: string[]): Promise<number> {
      return deleteContactMessagesFrom(tx, emails);
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

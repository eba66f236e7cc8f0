/**
 * The contact form: stored first so no message is ever lost (DESIGN.md section 5). Delivery by
 * mail goes through the outbox of the mail release; until then admins read them from the table.
 */
import type { ContactForm } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';
import { insertContactMessage } from './contact.repository.ts';

/** Generous for people, tight for a script flooding the clinic's inbox. */
const CONTACT_LIMIT = { max: 20, windowSeconds: 600 };

export function createContactService(deps: { db: Db; rateLimiter: RateLimiter }) {
  return {
    async receive(form: ContactForm, ip: string): Promise<{ success: true; _id: string }> {
      await deps.rateLimiter.consume([{ key: `contact:ip:${ip}`, ...CONTACT_LIMIT }]);
      const id = await insertContactMessage(deps.db, { ...form, email: form.email.toLowerCase() });
      return { success: true, _id: id };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

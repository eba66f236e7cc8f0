import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageSchema, contactRequestSchema, contactResponseSchema } from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { ContactService } from './contact.service.ts';

export async function contactRoutes(
  app: FastifyInstance,
  opts: { contact: ContactService; callers: CallerResolver },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/contact',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Messages sent through the contact form, newest first',
        security: [{ bearer: [] }],
        response: { 200: z.array(contactMessageSchema) },
      },
    },
    async (request) => {
      await opts.callers.requireAdmin(request);
      return opts.contact.list();
    },
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the clinic',
        body: contactRequestSchema,
        response: { 201: contactResponseSchema },
      },
    },
    async (request, reply) => {
      // Sent signed in, the message is that account's data (its export and erasure); signed
      // out, it is nobody's, whatever address it gives.
      const caller = await opts.callers.optionalCaller(request);
      reply.status(201);
      return opts.contact.receive(request.body, request.ip, caller?.userId ?? null);
    },
  );
}

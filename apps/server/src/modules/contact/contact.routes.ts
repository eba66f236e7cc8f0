import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactRequestSchema, contactResponseSchema } from '@clinic/shared';
import type { ContactService } from './contact.service.ts';

export async function contactRoutes(app: FastifyInstance, opts: { contact: ContactService }) {
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
      reply.status(201);
      return opts.contact.receive(request.body, request.ip);
    },
  );
}

/** The clinic's profile and first-run setup (design practice-loop.md section 10). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clinicProfileSchema, clinicProfileUpdateSchema, setupDoneSchema, setupRequestSchema, setupStatusSchema } from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { ClinicService } from './clinic.service.ts';

export async function clinicRoutes(app: FastifyInstance, opts: { clinic: ClinicService; callers: CallerResolver }) {
  const { clinic, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/clinic',
    { schema: { tags: ['clinic'], summary: "The clinic's public profile, its opening hours derived from the schedule", response: { 200: clinicProfileSchema } } },
    async () => clinic.profile(),
  );

  api.put(
    '/api/admin/clinic',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['clinic'],
        summary: "Replaces the clinic's profile (audited; a new time zone applies from the next start)",
        security: [{ bearer: [] }],
        body: clinicProfileUpdateSchema,
        response: { 200: clinicProfileSchema },
      },
    },
    async (request) => clinic.update(await callers.requireAdmin(request), request.body),
  );

  api.get(
    '/api/setup',
    { schema: { tags: ['clinic'], summary: 'Whether first-run setup is open (404 once an admin exists)', response: { 200: setupStatusSchema } } },
    async () => clinic.setupStatus(),
  );

  api.post(
    '/api/setup',
    {
      schema: {
        tags: ['clinic'],
        summary: 'First-run setup: the owner (an admin, verified) and the clinic profile, with the token from the start-up log',
        body: setupRequestSchema,
        response: { 201: setupDoneSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await clinic.setup(request.body)),
  );
}

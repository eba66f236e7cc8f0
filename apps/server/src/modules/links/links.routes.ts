/**
 * Signed links (design practice-loop.md section 3): public, each acting only as its token allows,
 * 20 requests a minute per address so that tokens cannot be guessed at speed (256 random bits
 * make that hopeless anyway; the limit keeps the attempts out of the database's way). Paths
 * with a token are redacted from the request log (lib/redact-url.ts). And the front desk's
 * callbacks (section 5).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilitySchema,
  callbackIdParamsSchema,
  linkAvailabilityQuerySchema,
  linkBookRequestSchema,
  callbackSchema,
  callbacksPageSchema,
  callbacksQuerySchema,
  linkAcceptRequestSchema,
  linkCallbackRequestSchema,
  linkCancelRequestSchema,
  linkRescheduleRequestSchema,
  linkResultSchema,
  linkTokenParamsSchema,
  linkViewSchema,
  type LinkResult,
} from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';
import type { LinksService } from './links.service.ts';

export async function linksRoutes(app: FastifyInstance, opts: { links: LinksService; callers: CallerResolver; rateLimiter: RateLimiter }) {
  const { links, callers, rateLimiter } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['links'];
  // What a link shows is the patient's: never kept by a browser or a proxy.
  const noStore = { 'cache-control': 'no-store' };
  const limited = (request: FastifyRequest) =>
    rateLimiter.consume([{ key: `links:ip:${request.ip}`, max: 20, windowSeconds: 60 }]);

  api.get(
    '/api/links/:token',
    {
      schema: {
        tags,
        summary: 'What a link in a message is for: its purpose, the appointment, the first name (404 unknown, 410 link_expired, 409 link_used)',
        params: linkTokenParamsSchema,
        response: { 200: linkViewSchema },
      },
    },
    async (request, reply) => {
      await limited(request);
      return reply.headers(noStore).send(await links.view(request.params.token));
    },
  );

  const action = <B extends z.ZodType>(name: string, summary: string, body: B | null, run: (token: string, body: z.infer<B>) => Promise<LinkResult>) =>
    api.post(
      `/api/links/:token/${name}`,
      { schema: { tags, summary, params: linkTokenParamsSchema, ...(body ? { body } : {}), response: { 200: linkResultSchema } } },
      async (request, reply) => {
        await limited(request);
        return reply.headers(noStore).send(await run(request.params.token, (request.body ?? {}) as z.infer<B>));
      },
    );

  action('confirm', 'The patient is coming (a confirm link)', null, (token) => links.confirm(token));
  action('cancel', 'Cancels the appointment as the patient would signed in (a cancel link)', linkCancelRequestSchema, (token, body) => links.cancel(token, body.reason));
  action('reschedule', 'Moves the appointment as the patient would signed in (a reschedule link)', linkRescheduleRequestSchema, (token, body) => links.reschedule(token, body));
  action('callback', '"Please call me": the front desk sees a callback', linkCallbackRequestSchema, (token, body) => links.callback(token, body.note));
  action('stop', 'No more reminder mails (a recall link: no more recall mails)', null, (token) => links.stop(token));
  action('book', 'Books one of the recalled treatment’s free times (a recall link)', linkBookRequestSchema, (token, body) => links.book(token, body));
  action('check-in', "I'm here: checks the patient in, from CHECKIN_OPENS_MINUTES before the start (a check-in link)", null, (token) => links.checkIn(token));
  action('snooze', 'No recall message for 30 days (a recall link)', null, (token) => links.snooze(token));

  api.post(
    '/api/links/:token/accept',
    {
      schema: {
        tags,
        summary: 'Accepts an invitation about a dependent: `guardian` signed in as the invited address; `handover` with the new account\'s password',
        params: linkTokenParamsSchema,
        body: linkAcceptRequestSchema.optional(),
        response: { 200: linkResultSchema },
      },
    },
    async (request, reply) => {
      await limited(request);
      const caller = await callers.optionalCaller(request);
      return reply.headers(noStore).send(await links.accept(request.params.token, caller, request.body?.password));
    },
  );

  api.get(
    '/api/links/:token/availability',
    {
      schema: {
        tags,
        summary: 'The free times of the link’s treatment on a date, per doctor (its own booking’s time counts as free)',
        params: linkTokenParamsSchema,
        querystring: linkAvailabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
    },
    async (request, reply) => {
      await limited(request);
      return reply.headers(noStore).send(await links.availability(request.params.token, request.query.date));
    },
  );

  const frontDesk = { config: { access: 'frontDesk' as const } };
  const security = [{ bearer: [] }];

  api.get(
    '/api/admin/callbacks',
    {
      ...frontDesk,
      schema: { tags: ['front desk'], summary: 'Patients who asked to be called (open: oldest first; resolved: latest first)', security, querystring: callbacksQuerySchema, response: { 200: callbacksPageSchema } },
    },
    async (request, reply) => {
      const caller = await callers.requireCapability(request, 'frontDesk');
      return reply.headers(noStore).send({ items: await links.listCallbacks(caller, request.query.open) });
    },
  );

  api.post(
    '/api/admin/callbacks/:id/resolve',
    {
      ...frontDesk,
      schema: { tags: ['front desk'], summary: 'The patient was called: the callback is resolved (audited)', security, params: callbackIdParamsSchema, response: { 200: callbackSchema } },
    },
    async (request) => links.resolveCallback(await callers.requireCapability(request, 'frontDesk'), request.params.id),
  );
}

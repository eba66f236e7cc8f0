import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReviewSchema,
  adminReviewsPageSchema,
  adminReviewsQuerySchema,
  bookingIdParamsSchema,
  moderateReviewSchema,
  myReviewsSchema,
  ownReviewSchema,
  publicReviewsPageSchema,
  publicReviewsQuerySchema,
  reviewCreateSchema,
  reviewIdParamsSchema,
  reviewUpdateSchema,
} from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { ReviewsService } from './reviews.service.ts';

/** Reviews of completed visits (design section 3.6). */
export async function reviewsRoutes(app: FastifyInstance, opts: { reviews: ReviewsService; callers: CallerResolver }) {
  const { reviews, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  api.get(
    '/api/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Published reviews, newest first, with the average rating and the count',
        querystring: publicReviewsQuerySchema,
        response: { 200: publicReviewsPageSchema },
      },
    },
    async (request, reply) => {
      // Browsers ask each time (an admin who just published sees it at once; the server's own
      // cache makes that cheap); shared caches in front may keep it 30 s.
      reply.header('cache-control', 'public, max-age=0, s-maxage=30');
      return reviews.publicPage(request.query.limit, request.query.cursor);
    },
  );

  api.get(
    '/api/me/reviews',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reviews'],
        summary: 'The caller’s reviews, and their completed visits not reviewed yet',
        security,
        response: { 200: myReviewsSchema },
      },
    },
    async (request) => reviews.mine(await callers.requireCaller(request)),
  );

  api.post(
    '/api/booking/:id/review',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reviews'],
        summary: 'Review one’s own completed visit, once; published after the clinic checks it',
        security,
        params: bookingIdParamsSchema,
        body: reviewCreateSchema,
        response: { 201: z.object({ review: ownReviewSchema }) },
      },
    },
    async (request, reply) => {
      const review = await reviews.create(await callers.requireCaller(request), request.params.id, request.body);
      return reply.status(201).send({ review });
    },
  );

  api.patch(
    '/api/reviews/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reviews'],
        summary: 'Edit one’s own review (it goes back to the clinic to check)',
        security,
        params: reviewIdParamsSchema,
        body: reviewUpdateSchema,
        response: { 200: z.object({ review: ownReviewSchema }) },
      },
    },
    async (request) => ({ review: await reviews.update(await callers.requireCaller(request), request.params.id, request.body) }),
  );

  api.delete(
    '/api/reviews/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['reviews'], summary: 'Withdraw one’s own review (no longer public; the visit stays reviewed)', security, params: reviewIdParamsSchema },
    },
    async (request, reply) => {
      await reviews.withdraw(await callers.requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/admin/reviews',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Reviews in one status (pending by default), newest first',
        security,
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsPageSchema },
      },
    },
    async (request) => {
      const caller = await callers.requireAdmin(request);
      return reviews.adminList(caller, request.query.status, request.query.limit, request.query.cursor);
    },
  );

  api.patch(
    '/api/admin/reviews/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Publish or hide a review (audited)',
        security,
        params: reviewIdParamsSchema,
        body: moderateReviewSchema,
        response: { 200: z.object({ review: adminReviewSchema }) },
      },
    },
    async (request) => {
      const caller = await callers.requireAdmin(request);
      return { review: await reviews.moderate(caller, request.params.id, request.body) };
    },
  );
}

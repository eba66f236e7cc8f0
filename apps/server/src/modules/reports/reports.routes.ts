/** The owner's reports (practice-loop.md section 8): the summary and its CSV by day, admin only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportsQuerySchema, reportsSummarySchema } from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { ReportsService } from './reports.service.ts';

export async function reportsRoutes(app: FastifyInstance, opts: { reports: ReportsService; callers: CallerResolver }) {
  const { reports, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'admin' as const } };
  const security = [{ bearer: [] }];
  const tags = ['reports'];
  // The clinic's takings: never kept by a browser or a proxy.
  const noStore = { 'cache-control': 'no-store' };

  api.get(
    '/api/admin/reports/summary',
    {
      ...admin,
      schema: {
        tags,
        summary: "The clinic's figures for a range of at most 366 days, by doctor and treatment if asked",
        security,
        querystring: reportsQuerySchema,
        response: { 200: reportsSummarySchema },
      },
    },
    async (request, reply) => {
      await callers.requireAdmin(request);
      return reply.headers(noStore).send(await reports.summary(request.query));
    },
  );

  api.get(
    '/api/admin/reports/summary.csv',
    { ...admin, schema: { tags, summary: 'The same figures by day, as CSV (RFC 4180)', security, querystring: reportsQuerySchema } },
    async (request, reply) => {
      await callers.requireAdmin(request);
      const { from, to } = request.query;
      return reply
        .headers(noStore)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="report-${from}-${to}.csv"`)
        .send(await reports.csv(request.query));
    },
  );
}

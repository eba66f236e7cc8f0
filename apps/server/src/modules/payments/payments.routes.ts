import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deskPaymentRequestSchema, deskPaymentResultSchema, paymentConfigSchema, paymentDoneSchema, paymentIntentSchema, testCardPaymentSchema } from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { PaymentsService } from './payments.service.ts';

const bookingParams = z.object({ id: z.string() });

export async function paymentsRoutes(
  app: FastifyInstance,
  opts: { payments: PaymentsService; callers: CallerResolver },
) {
  const { payments, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  api.post(
    '/api/admin/bookings/:id/payment',
    {
      config: { access: 'frontDesk' },
      schema: {
        tags: ['payments'],
        summary: "Record that the front desk took the booking's price in person (cash or the clinic's card terminal)",
        security,
        params: bookingParams,
        body: deskPaymentRequestSchema,
        response: { 200: deskPaymentResultSchema },
      },
    },
    async (request) => payments.recordAtDesk(await callers.requireCapability(request, 'frontDesk'), request.params.id, request.body.method),
  );

  api.get(
    '/api/payments/config',
    { schema: { tags: ['payments'], summary: 'Test mode, or Stripe with its publishable key', response: { 200: paymentConfigSchema } } },
    async () => payments.config(),
  );

  api.post(
    '/api/booking/:id/pay',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Pay a booking with the built-in test-mode processor (no real charge)',
        security,
        params: bookingParams,
        body: testCardPaymentSchema,
        response: { 200: paymentDoneSchema },
      },
    },
    async (request) =>
      payments.payWithTestCard(await callers.requireCaller(request), request.params.id, request.body),
  );

  api.post(
    '/api/booking/:id/payment-intent',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Create (or reuse) the Stripe PaymentIntent for a booking',
        security,
        params: bookingParams,
        response: { 200: paymentIntentSchema },
      },
    },
    async (request) => payments.createIntent(await callers.requireCaller(request), request.params.id),
  );

  api.post(
    '/api/booking/:id/payment-confirmation',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: "Check the booking's Stripe PaymentIntent server-side and mark it paid",
        security,
        params: bookingParams,
        response: { 200: paymentDoneSchema },
      },
    },
    async (request) => payments.confirmStripe(await callers.requireCaller(request), request.params.id),
  );

  // The webhook needs the exact bytes Stripe signed: a raw-body parser, in this plugin only.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post(
      '/api/payments/webhook',
      { schema: { tags: ['payments'], summary: 'Stripe webhook (signature-verified, idempotent on the event id)' } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return payments.handleWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}

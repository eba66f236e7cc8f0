/**
 * Stripe, when its keys are set: PaymentIntents for the booking's own amount, created with an
 * idempotency key and cancelled with their booking, refunds, and signature-verified webhooks.
 */
import type Stripe from 'stripe';

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string;
  /** A local stand-in for tests; Stripe's own API otherwise. */
  apiUrl?: string;
}

/**
 * Async because the SDK is loaded only when Stripe is configured: importing it slows every start
 * (figures: docs/benchmarks.md, "Start-up: Stripe's SDK").
 */
export async function createStripeProcessor(settings: StripeSettings) {
  const { default: Stripe } = await import('stripe');
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  return {
    async createIntent(input: { bookingId: string; amountCents: number; attempt: number }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          automatic_payment_methods: { enabled: true },
          metadata: { bookingId: input.bookingId },
        },
        // One intent per booking and attempt, however often the page asks.
        { idempotencyKey: `booking-${input.bookingId}-${input.attempt}` },
      );
      return { id: intent.id, clientSecret: intent.client_secret ?? '', status: intent.status };
    },

    async retrieveIntent(id: string) {
      const intent = await stripe.paymentIntents.retrieve(id);
      return { id: intent.id, status: intent.status, amount: intent.amount, bookingId: intent.metadata?.bookingId };
    },

    /**
     * Cancels an intent nobody may pay any more (its booking was cancelled) and answers what it
     * is now. Stripe refuses to cancel one that succeeded or was cancelled already: that state is
     * the answer then, for the caller to act on.
     */
    async cancelIntent(id: string) {
      try {
        const intent = await stripe.paymentIntents.cancel(id);
        return { id: intent.id, status: intent.status, amount: intent.amount };
      } catch (error) {
        if ((error as { code?: string }).code !== 'payment_intent_unexpected_state') throw error;
        const intent = await stripe.paymentIntents.retrieve(id);
        return { id: intent.id, status: intent.status, amount: intent.amount };
      }
    },

    /** One refund per refund row, however often it is retried (the row's id is the idempotency key). */
    async refund(input: { paymentIntent: string; amountCents: number; refundId: string; bookingId: string }) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: input.paymentIntent,
          amount: input.amountCents,
          reason: 'requested_by_customer',
          metadata: { bookingId: input.bookingId, refundId: input.refundId },
        },
        { idempotencyKey: `refund-${input.refundId}` },
      );
      return { id: refund.id, status: refund.status, failureReason: refund.failure_reason ?? null };
    },

    /** Throws unless the payload is signed with our webhook secret within Stripe's tolerance. */
    verifyWebhook(payload: Buffer, signature: string): Stripe.Event {
      if (!settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      return stripe.webhooks.constructEvent(payload, signature, settings.webhookSecret);
    },
  };
}

export type StripeProcessor = Awaited<ReturnType<typeof createStripeProcessor>>;

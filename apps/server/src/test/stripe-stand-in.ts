/**
 * A local HTTP stand-in for Stripe's PaymentIntent (create, retrieve, cancel) and refund
 * endpoints, so the official SDK is exercised end to end with no network: form-encoded requests,
 * Idempotency-Key replay, Stripe's JSON shapes and refusals.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

async function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startStripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, StandInIntent>();
  const calls: { method: string; path: string; idempotencyKey?: string; body: Record<string, string> }[] = [];
  const refunds: { id: string; amount: number; payment_intent: string | null; status: string }[] = [];
  const refundsByKey = new Map<string, (typeof refunds)[number]>();
  /** How many coming refund requests fail with a 500 (Stripe's own outage), before one succeeds. */
  let refundOutages = 0;
  /** Likewise for intent cancellations. */
  let cancelOutages = 0;
  /** How many coming refunds Stripe makes but answers `failed` (a card closed since the payment, say). */
  let refundDeclines = 0;

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    calls.push({ method: request.method ?? '', path: url.pathname, idempotencyKey, body: Object.fromEntries(body) });
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      response.end(JSON.stringify(json));
    };
    if (request.headers.authorization !== 'Bearer sk_test_standin') {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      if (idempotencyKey && byIdempotencyKey.has(idempotencyKey)) return send(200, byIdempotencyKey.get(idempotencyKey));
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of body) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        currency: body.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata,
      };
      intents.set(id, intent);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
      return send(200, intent);
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      // Stripe replays the first answer to a repeated Idempotency-Key, so a retry never refunds twice.
      if (idempotencyKey && refundsByKey.has(idempotencyKey)) return send(200, refundsByKey.get(idempotencyKey));
      if (refundOutages > 0) {
        refundOutages--;
        return send(500, { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } });
      }
      const intent = intents.get(body.get('payment_intent') ?? '');
      const refund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount: Number(body.get('amount') ?? intent?.amount ?? 0),
        currency: 'usd',
        payment_intent: body.get('payment_intent'),
        status: refundDeclines > 0 ? 'failed' : 'succeeded',
        failure_reason: refundDeclines > 0 ? 'expired_or_canceled_card' : null,
      };
      if (refundDeclines > 0) refundDeclines--;
      refunds.push(refund);
      if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
      return send(200, refund);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && cancel) {
      if (cancelOutages > 0) {
        cancelOutages--;
        return send(500, { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } });
      }
      const intent = intents.get(cancel[1]!);
      if (!intent) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      // Stripe cancels only an intent still waiting to be paid (or captured).
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        });
      }
      intent.status = 'canceled';
      return send(200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const intent = intents.get(match[1]!);
      return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    }
    return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method} ${url.pathname})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey: 'sk_test_standin',
    intents,
    calls,
    refunds,
    /** The next `count` refund requests answer 500, as during an outage at Stripe. */
    failRefunds(count: number) {
      refundOutages = count;
    },
    /** The next `count` refunds are made but answered `failed`. */
    declineRefunds(count: number) {
      refundDeclines = count;
    },
    /** The next `count` cancellations answer 500. */
    failCancels(count: number) {
      cancelOutages = count;
    },
    /** What Stripe does when the browser's Elements confirmation succeeds (never for a cancelled intent). */
    succeed(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      if (intent.status === 'canceled') throw new Error(`intent ${id} was cancelled; Stripe takes no payment on it`);
      intent.status = 'succeeded';
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

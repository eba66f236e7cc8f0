/**
 * A local HTTP stand-in for Twilio's Messages API (create), so that the official SDK is exercised
 * end to end with no network: Basic authentication with the account SID and auth token, the
 * form-encoded body, Twilio's JSON and its refusals (an invalid number is a 400 with code 21211).
 * And the other direction: an inbound text signed as Twilio signs its webhooks.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export const STAND_IN_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const STAND_IN_TOKEN = 'twilio-stand-in-auth-token';

export interface SentText { to: string; from: string; body: string; sid: string }

export async function startTwilioStandIn() {
  const sent: SentText[] = [];
  /** Numbers Twilio refuses for good (code 21211). */
  const invalidNumbers = new Set<string>();
  /** How many coming sends fail with a 503 (Twilio's own outage) before one succeeds. */
  let outages = 0;

  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    const expected = `Basic ${Buffer.from(`${STAND_IN_SID}:${STAND_IN_TOKEN}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return send(401, { code: 20003, message: 'Authenticate', status: 401 });
    if (request.method !== 'POST' || request.url !== `/2010-04-01/Accounts/${STAND_IN_SID}/Messages.json`) {
      return send(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    if (outages > 0) {
      outages -= 1;
      return send(503, { code: 20503, message: 'Service unavailable', status: 503 });
    }
    const to = body.get('To') ?? '';
    if (invalidNumbers.has(to)) {
      return send(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 });
    }
    const text = { to, from: body.get('From') ?? '', body: body.get('Body') ?? '', sid: `SM${randomBytes(16).toString('hex')}` };
    sent.push(text);
    send(201, { ...text, account_sid: STAND_IN_SID, status: 'queued', num_segments: '1', direction: 'outbound-api', date_created: new Date().toUTCString(), uri: `/2010-04-01/Accounts/${STAND_IN_SID}/Messages/${text.sid}.json` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    invalidNumbers,
    failNext: (count: number) => void (outages = count),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Twilio's webhook signature (HMAC-SHA1 with the auth token, over the URL and the posted fields
 * sorted by name, each name followed by its value, in base64), written out here rather than
 * taken from the SDK, so that the test checks the SDK's verification against the documented rule.
 */
export function twilioSignature(url: string, params: Record<string, string>, authToken = STAND_IN_TOKEN): string {
  const data = Object.keys(params).sort().reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data).digest('base64');
}

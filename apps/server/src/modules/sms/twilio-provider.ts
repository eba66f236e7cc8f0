/**
 * Twilio's official SDK behind the text-message port (text-provider.ts), when SMS_PROVIDER is
 * `twilio`. Loaded only then: like Stripe's SDK, importing it slows every start that has no use
 * for it.
 */
import type { TextProvider } from './text-provider.ts';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The clinic's sending number (E.164). */
  from: string;
  /** A local stand-in of Twilio's API for tests; Twilio's own otherwise. */
  apiUrl?: string;
}

export async function createTwilioProvider(settings: TwilioSettings): Promise<TextProvider> {
  const { default: twilio } = await import('twilio');
  type RequestOptions<TData> = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0] & { data?: TData };
  // The SDK's documented seam for its HTTP requests: every call goes to `apiUrl` instead of
  // Twilio's hosts, with the same paths, form bodies and credentials.
  class StandInClient extends twilio.RequestClient {
    override request<TData>(opts: RequestOptions<TData>) {
      return super.request({ ...opts, uri: opts.uri.replace(/^https:\/\/[^/]+/, settings.apiUrl!.replace(/\/$/, '')) });
    }
  }
  const client = twilio(settings.accountSid, settings.authToken, {
    ...(settings.apiUrl ? { httpClient: new StandInClient({ timeout: 20_000 }) } : { timeout: 20_000 }),
  });

  return {
    async send({ to, body }) {
      const message = await client.messages.create({ to, from: settings.from, body });
      return { id: message.sid };
    },

    // Twilio answers a request it will never accept with a 4xx and an error code (21211: not a
    // valid number; 21610: the number replied STOP); 429 and 5xx pass.
    isPermanent(error) {
      const status = (error as { status?: number }).status;
      return error instanceof twilio.RestException && typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
    },

    verifyInbound({ signature, settings: signatureSettings, url, params }) {
      if (!signature) return false;
      return twilio.validateRequest(settings.authToken, signature, url, params, twilio.getSignatureAlgorithm(signatureSettings));
    },

    reply(text) {
      const answer = new twilio.twiml.MessagingResponse();
      if (text) answer.message(text);
      return { contentType: 'text/xml; charset=utf-8', body: answer.toString() };
    },
  };
}

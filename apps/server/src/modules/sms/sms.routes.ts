/**
 * `POST /api/sms/inbound` (practice-loop.md section 5): the provider's webhook for texts patients
 * send back, registered only when SMS_PROVIDER is set. The form fields are checked against the
 * provider's signature over PUBLIC_URL's address of this route (the one the provider was given),
 * so no one else can confirm or stop for a patient.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';
import type { SmsService } from './sms.service.ts';
import type { TextProvider } from './text-provider.ts';

export const SMS_INBOUND_PATH = '/api/sms/inbound';

export async function smsRoutes(app: FastifyInstance, opts: { sms: SmsService; provider: TextProvider; publicUrl: string }) {
  const { sms, provider } = opts;
  const url = `${opts.publicUrl.replace(/\/$/, '')}${SMS_INBOUND_PATH}`;
  // The provider posts a form; this plugin alone reads one (the API is JSON everywhere else).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post(
    SMS_INBOUND_PATH,
    { schema: { tags: ['sms'], summary: 'Inbound text messages from the provider (signature-verified): C confirms, R moves, STOP stops' } },
    async (request, reply) => {
      const params = (request.body ?? {}) as Record<string, string>;
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      if (!provider.verifyInbound({ signature: header('x-twilio-signature'), settings: header('x-twilio-webhooks-signature-settings'), url, params })) {
        throw new AppError(ErrorCode.FORBIDDEN, 'This request is not signed by the text-message provider.');
      }
      const from = typeof params.From === 'string' ? params.From : '';
      const answer = provider.reply(from ? await sms.inbound(from, typeof params.Body === 'string' ? params.Body : '') : null);
      return reply.type(answer.contentType).send(answer.body);
    },
  );
}

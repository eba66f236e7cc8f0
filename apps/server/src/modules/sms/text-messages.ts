/**
 * Text messages as the app wires them (practice-loop.md section 5), when SMS_PROVIDER is set:
 * the provider, the `sms.send` job kind and the inbound webhook. Without the setting there is
 * none of it: no job kind, no route (404), and mails are taken without making texts.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobKind } from '../jobs/job-runner.ts';
import type { SmsServiceDeps } from './sms.service.ts';
import { createSmsSender, SEND_SMS_JOB, type SmsSenderOptions } from '../mail/sms-sender.ts';
import { createSmsService } from './sms.service.ts';
import { smsRoutes } from './sms.routes.ts';
import { createTwilioProvider } from './twilio-provider.ts';

export interface TextMessagesDeps extends Omit<SmsServiceDeps, 'db'> {
  db: Db;
  settings: Config['sms'];
  publicUrl: string;
  expand: NonNullable<SmsSenderOptions['expand']>;
  /** The same retry timing as mail's (tests shorten it). */
  retries?: { retryBaseMs?: number; maxAttempts?: number };
}

export async function createTextMessages(deps: TextMessagesDeps): Promise<{ jobs: Record<string, JobKind>; register(app: FastifyInstance): Promise<void> } | null> {
  if (!deps.settings) return null;
  const provider = await createTwilioProvider(deps.settings);
  const sms = createSmsService(deps);
  return {
    jobs: { [SEND_SMS_JOB]: createSmsSender({ db: deps.db, provider, now: deps.now, expand: deps.expand, ...deps.retries }) },
    register: async (app) => void (await app.register(smsRoutes, { sms, provider, publicUrl: deps.publicUrl })),
  };
}

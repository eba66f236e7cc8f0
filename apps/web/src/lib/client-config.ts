/**
 * `GET /api/config`: what this clinic's server has switched on: Google sign-in, whether a patient
 * must confirm the email address before booking, text messages, and when check-in opens. Read by several features.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

export type ClientConfig = {
  googleSignIn: boolean;
  /** `booking`: an unconfirmed address may not book. Absent from older servers: as `none`. */
  emailVerification?: 'none' | 'booking';
  /** The clinic sends texts (SMS_PROVIDER): the profile offers them. Absent from older servers: none. */
  textMessages?: boolean;
  /** CHECKIN_OPENS_MINUTES. Absent from older servers: the default hour. */
  checkInOpensMinutes?: number;
  /** DEFAULT_LOCALE: the language of a visitor nothing else chose one for. Absent from older servers: English. */
  defaultLocale?: string;
};

export function getConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return api.get<ClientConfig>('/config', signal);
}

export function configQueryOptions() {
  return queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getConfig(signal) });
}

/**
 * `GET /api/config`: what this clinic's server has switched on: Google sign-in, and whether a
 * patient must confirm the email address before booking.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type ClientConfig = {
  googleSignIn: boolean;
  /** `booking`: an unconfirmed address may not book. Absent from older servers: as `none`. */
  emailVerification?: 'none' | 'booking';
};

export function getConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return api.get<ClientConfig>('/config', signal);
}

export function configQueryOptions() {
  return queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getConfig(signal) });
}

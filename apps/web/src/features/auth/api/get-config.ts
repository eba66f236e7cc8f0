/** `GET /api/config`: what this clinic's server has switched on (Google sign-in for now). */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type ClientConfig = { googleSignIn: boolean };

export function getConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return api.get<ClientConfig>('/config', signal);
}

export function configQueryOptions() {
  return queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getConfig(signal) });
}

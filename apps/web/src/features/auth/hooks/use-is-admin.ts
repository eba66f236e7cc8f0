/** Whether the signed-in account is an admin, asked of the server (spec section 6); false until known. */
import { useQuery } from '@tanstack/react-query';
import { adminQueryOptions } from '../api/get-admin.ts';
import { useMe } from '../api/get-me.ts';

export function useIsAdmin(): boolean {
  const email = useMe().data?.email ?? '';
  const admin = useQuery({ ...adminQueryOptions(email), enabled: email !== '' });
  return admin.data?.admin === true;
}

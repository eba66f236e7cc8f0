/** `POST /api/auth/two-factor/generate-backup-codes` with the password: ten new codes, the old ones void. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type BackupCodesResponse = { status: boolean; backupCodes: string[] };

export function generateBackupCodes(password: string): Promise<BackupCodesResponse> {
  return api.post<BackupCodesResponse>('/auth/two-factor/generate-backup-codes', { password });
}

export function useGenerateBackupCodes() {
  return useMutation({ mutationFn: generateBackupCodes });
}

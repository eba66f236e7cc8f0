/**
 * `GET /api/me/export`: everything the clinic holds about the account, saved as the JSON file
 * the server names (`doctors-portal-export-YYYY-MM-DD.json`). Fetched through the API client, so
 * the bearer token and problem+json errors work as for any call, then handed to the browser as a
 * download from a Blob.
 */
import { useMutation } from '@tanstack/react-query';
import { accountExportFileName, type AccountExport } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export function saveJsonFile(document: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  window.document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export async function downloadExport(): Promise<string> {
  const document = await api.get<AccountExport>('/me/export');
  const fileName = accountExportFileName(document.exportedAt);
  saveJsonFile(document, fileName);
  return fileName;
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}

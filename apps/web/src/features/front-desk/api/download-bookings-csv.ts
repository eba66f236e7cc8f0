/**
 * `GET /api/admin/bookings.csv?<filters>` (admin): the list as a spreadsheet. It needs the bearer
 * token, so it is fetched through the API client and handed to the browser as a download.
 */
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client.ts';
import { adminBookingsSearch, type AdminBookingsFilters } from './get-admin-bookings.ts';

export function bookingsCsvFileName({
  from,
  to,
}: Pick<AdminBookingsFilters, 'from' | 'to'>): string {
  return `appointments-${from}-${to}.csv`;
}

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export async function downloadBookingsCsv(filters: AdminBookingsFilters): Promise<string> {
  const blob = await apiBlob(
    `/admin/bookings.csv?${adminBookingsSearch(filters).toString()}`,
    'text/csv',
  );
  const fileName = bookingsCsvFileName(filters);
  saveFile(blob, fileName);
  return fileName;
}

export function useDownloadBookingsCsv() {
  return useMutation({ mutationFn: downloadBookingsCsv });
}

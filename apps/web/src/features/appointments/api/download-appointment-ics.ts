/**
 * `GET /api/booking/:id/ics`: the appointment as a calendar file. It needs the bearer token, so a
 * plain link cannot fetch it: the page fetches it and hands the file to the browser.
 */
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client.ts';

export function getAppointmentIcs(id: string): Promise<Blob> {
  return apiBlob(`/booking/${encodeURIComponent(id)}/ics`, 'text/calendar');
}

/** Saves `blob` as `fileName` through a temporary link, as a click on a download link would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadAppointmentIcs(id: string) {
  return useMutation({
    mutationFn: () => getAppointmentIcs(id),
    onSuccess: (blob) => saveFile(blob, `appointment-${id}.ics`),
  });
}

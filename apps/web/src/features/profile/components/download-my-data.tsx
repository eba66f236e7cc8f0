import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDownloadExport } from '../api/download-export.ts';
import { accountText, useAccountT } from '../../../i18n/account.ts';

/** 'Download my data': the account's export as a JSON file (a few per hour). */
export function DownloadMyData() {
  const t = useAccountT();
  const download = useDownloadExport();
  return (
    <div className="flex flex-col items-start gap-2">
      <p className="text-sm">
        {t(
          'Everything the clinic holds about you: your account, sign-ins, bookings, payments, mails and messages, in one JSON file.',
        )}
      </p>
      <Button
        variant="outline"
        isLoading={download.isPending}
        onClick={() =>
          download.mutate(undefined, {
            onSuccess: (fileName) => toast.success(accountText('Saved {{fileName}}', { fileName })),
            onError: (error) => toast.error(accountText(errorMessage(error))),
          })
        }
      >
        {t('Download my data')}
      </Button>
    </div>
  );
}

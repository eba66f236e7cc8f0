import type { WaitlistEntry } from '@clinic/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { familyText, useFamilyT } from '../../../i18n/family.ts';
import { useLocalFormat } from '../../../i18n/format.ts';
import { useLeaveWaitlist } from '../api/leave-waitlist.ts';

type LeaveWaitlistDialogProps = { entry: WaitlistEntry; onClose: () => void };

/** Asks before leaving the waitlist: no more offers come for it afterwards. */
export function LeaveWaitlistDialog({ entry, onClose }: LeaveWaitlistDialogProps) {
  const leave = useLeaveWaitlist();
  const t = useFamilyT();
  const format = useLocalFormat();
  const range =
    entry.from === entry.to
      ? format.date(entry.from)
      : `${format.date(entry.from)} – ${format.date(entry.to)}`;
  return (
    <ConfirmDialog
      title={t('Leave the waitlist?')}
      keepLabel={t('Stay on the waitlist')}
      confirmLabel={t('Yes, leave it')}
      onConfirm={() => leave.mutateAsync(entry._id)}
      doneToast={familyText('You left the waitlist for {{treatment}}.', { treatment: entry.treatment })}
      onClose={onClose}
    >
      {t('You will get no more offers for {{treatment}} ({{range}}).', {
        treatment: entry.treatment,
        range,
      })}
    </ConfirmDialog>
  );
}

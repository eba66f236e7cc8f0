import type { WaitlistEntry } from '@clinic/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useLeaveWaitlist } from '../api/leave-waitlist.ts';
import { dateRangeText, leftToast } from '../utils/waitlist-texts.ts';

type LeaveWaitlistDialogProps = { entry: WaitlistEntry; onClose: () => void };

/** Asks before leaving the waitlist: no more offers come for it afterwards. */
export function LeaveWaitlistDialog({ entry, onClose }: LeaveWaitlistDialogProps) {
  const leave = useLeaveWaitlist();
  return (
    <ConfirmDialog
      title="Leave the waitlist?"
      keepLabel="Stay on the waitlist"
      confirmLabel="Yes, leave it"
      onConfirm={() => leave.mutateAsync(entry._id)}
      doneToast={leftToast(entry.treatment)}
      onClose={onClose}
    >
      You will get no more offers for {entry.treatment} ({dateRangeText(entry)}).
    </ConfirmDialog>
  );
}

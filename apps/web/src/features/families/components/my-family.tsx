/**
 * My Family (practice-loop.md section 7): the people the account books for (children, or anyone
 * in its care), each with their guardians and upcoming appointments. A family member is added,
 * edited and removed here; another guardian is invited by mail, and from DEPENDENT_HANDOVER_AGE
 * the record can be handed over to the family member's own address.
 */
import { useState } from 'react';
import type { Dependent } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFamilyT } from '../../../i18n/family.ts';
import { useDependents } from '../api/get-dependents.ts';
import { DependentCard, type DependentAction } from './dependent-card.tsx';
import { DependentFormDialog } from './dependent-form-dialog.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { RemoveDependentDialog } from './remove-dependent-dialog.tsx';

type OpenDialog = { action: 'add' } | { action: DependentAction; dependent: Dependent } | null;

function Dialog({ open, onClose }: { open: NonNullable<OpenDialog>; onClose: () => void }) {
  if (open.action === 'add') return <DependentFormDialog onClose={onClose} />;
  const { dependent } = open;
  switch (open.action) {
    case 'edit':
      return <DependentFormDialog dependent={dependent} onClose={onClose} />;
    case 'remove':
      return <RemoveDependentDialog dependent={dependent} onClose={onClose} />;
    case 'guardian':
    case 'handover':
      return <InviteDialog kind={open.action} dependent={dependent} onClose={onClose} />;
  }
}

export function MyFamily() {
  const dependents = useDependents();
  const [open, setOpen] = useState<OpenDialog>(null);
  const t = useFamilyT();

  let body;
  if (dependents.isPending) body = <Spinner label={t('Loading your family…')} />;
  else if (dependents.isError)
    body = <LoadFailed error={dependents.error} onRetry={() => void dependents.refetch()} />;
  else if (dependents.data.length === 0) {
    body = <p>{t('No family members yet. Add a child, or anyone whose appointments you look after.')}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-3" aria-label={t('Family members')}>
        {dependents.data.map((dependent) => (
          <DependentCard
            key={dependent._id}
            dependent={dependent}
            onAction={(action) => setOpen({ action, dependent })}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex w-full max-w-2xl flex-col gap-4">
      <h2 className="text-2xl font-semibold">{t('My Family')}</h2>
      <p>
        {t(
          'Book and manage appointments for your children, or anyone in your care: when you book, choose who the appointment is for.',
        )}
      </p>
      <Button className="self-start" onClick={() => setOpen({ action: 'add' })}>
        {t('Add a family member')}
      </Button>
      {body}
      {open && <Dialog open={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

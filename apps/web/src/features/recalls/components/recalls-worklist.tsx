import { useId, useState } from 'react';
import type { AdminRecallItem } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { useAdminTreatments } from '../../../lib/admin-treatments-query.ts';
import {
  defaultRecallFilters,
  useRecalls,
  type RecallFilters as Filters,
} from '../api/get-recalls.ts';
import { NO_RECALLS_TEXTS, patientsLabel } from '../utils/recall-labels.ts';
import { DismissRecallDialog } from './dismiss-recall-dialog.tsx';
import { RecallCard, type RecallAction } from './recall-card.tsx';
import { RecallFilters } from './recall-filters.tsx';
import { RecordContactDialog } from './record-contact-dialog.tsx';

export const RECALLS_INTRO =
  'Patients due for their check-up. Messages go out automatically; call those who have not booked.';

/**
 * Recalls (front desk, practice-loop.md section 4): the patients a completed visit made due again,
 * oldest due date first, narrowed by status, due dates and treatment; a due one is marked called
 * (by phone or mail, with a note) or dismissed. The messages themselves go out on their own.
 */
export function RecallsWorklist() {
  const titleId = useId();
  const [filters, setFilters] = useState<Filters>(defaultRecallFilters);
  const recalls = useRecalls(filters);
  // Only to filter by: the list works without them.
  const treatments = useAdminTreatments();
  const [acting, setActing] = useState<{ action: RecallAction; item: AdminRecallItem } | null>(
    null,
  );

  const items = recalls.data?.pages.flatMap((page) => page.items) ?? [];

  let list;
  if (recalls.isPending) {
    list = <Spinner label="Loading the recalls…" />;
  } else if (recalls.isError && !recalls.isFetchNextPageError) {
    list = <StaffLoadFailed error={recalls.error} onRetry={() => void recalls.refetch()} />;
  } else if (items.length === 0) {
    list = <p>{NO_RECALLS_TEXTS[filters.status]}</p>;
  } else {
    list = (
      <>
        <ul
          aria-labelledby={titleId}
          aria-busy={recalls.isPlaceholderData || undefined}
          className={`grid grid-cols-1 gap-3 xl:grid-cols-2 ${
            recalls.isPlaceholderData ? 'opacity-60' : ''
          }`}
        >
          {items.map((item) => (
            <RecallCard
              key={item.recall._id}
              item={item}
              onAction={(action, acted) => setActing({ action, item: acted })}
            />
          ))}
        </ul>
        {recalls.isFetchNextPageError && (
          <LoadFailed
            error={recalls.error}
            onRetry={() => void recalls.fetchNextPage()}
            layout="section"
          />
        )}
        {recalls.hasNextPage && !recalls.isFetchNextPageError && (
          <Button
            variant="outline"
            className="self-center"
            isLoading={recalls.isFetchingNextPage}
            onClick={() => void recalls.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-xl font-semibold">
          Recalls
        </h2>
        <p className="text-sm opacity-80">{RECALLS_INTRO}</p>
      </div>
      <RecallFilters value={filters} onChange={setFilters} treatments={treatments.data ?? []} />
      <div className="flex flex-col gap-3">
        <p className="text-sm opacity-80 empty:hidden" aria-live="polite">
          {items.length > 0 &&
            `${patientsLabel(items.length)} shown${recalls.hasNextPage ? ', more to load' : ''}`}
        </p>
        {list}
      </div>
      {acting?.action === 'contacted' && (
        <RecordContactDialog item={acting.item} onClose={() => setActing(null)} />
      )}
      {acting?.action === 'dismiss' && (
        <DismissRecallDialog item={acting.item} onClose={() => setActing(null)} />
      )}
    </section>
  );
}

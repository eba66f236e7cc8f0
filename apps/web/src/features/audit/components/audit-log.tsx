import { useId, useState, type FormEvent } from 'react';
import type { AuditEntry } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { useAudit, type AuditFilters } from '../api/get-audit.ts';

export const NO_ENTRIES_TEXT = 'No audit entries for these filters.';

const noFilters: AuditFilters = { actor: '', action: '', target: '' };

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * An entry's detail in one line, keys in alphabetical order (the database keeps its own order):
 * `from: receptionist, to: user`.
 */
export function detailText(detail: AuditEntry['detail']): string {
  return Object.entries(detail)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/**
 * The audit log for the owner: who did what and when, newest first; filters by who (their
 * address), what (the action's name) and on what (the target, an id or an address, exactly);
 * older entries a page at a time.
 */
export function AuditLog() {
  const titleId = useId();
  const [draft, setDraft] = useState<AuditFilters>(noFilters);
  const [filters, setFilters] = useState<AuditFilters>(noFilters);
  const audit = useAudit(filters);
  const fieldIds = { actor: useId(), action: useId(), target: useId() };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ actor: draft.actor.trim(), action: draft.action.trim(), target: draft.target.trim() });
  };
  const clear = () => {
    setDraft(noFilters);
    setFilters(noFilters);
  };

  const entries = audit.data?.pages.flat() ?? [];
  let list;
  if (audit.isPending) {
    list = <Spinner label="Loading the audit log…" />;
  } else if (audit.isError && !audit.isFetchNextPageError) {
    list = <StaffLoadFailed error={audit.error} onRetry={() => void audit.refetch()} />;
  } else if (entries.length === 0) {
    list = <p>{NO_ENTRIES_TEXT}</p>;
  } else {
    list = (
      <>
        <DataTable labelledBy={titleId} columns={['When', 'Who', 'Action', 'Target', 'Detail']}>
          {entries.map((entry) => (
            <tr key={entry._id}>
              <td className="whitespace-nowrap">
                <time dateTime={entry.at}>{whenFormat.format(new Date(entry.at))}</time>
              </td>
              <td className="break-all">{entry.actor}</td>
              <td className="whitespace-nowrap">{entry.action}</td>
              <td className="break-all">{entry.target}</td>
              <td className="min-w-48 break-words text-sm">{detailText(entry.detail)}</td>
            </tr>
          ))}
        </DataTable>
        {audit.isFetchNextPageError && (
          <LoadFailed error={audit.error} onRetry={() => void audit.fetchNextPage()} layout="section" />
        )}
        {audit.hasNextPage && !audit.isFetchNextPageError && (
          <Button
            variant="outline"
            className="self-center"
            isLoading={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            Older entries
          </Button>
        )}
      </>
    );
  }

  const field = (key: keyof AuditFilters, label: string, placeholder: string) => (
    <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
      <label htmlFor={fieldIds[key]} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={fieldIds[key]}
        className="input w-full"
        placeholder={placeholder}
        maxLength={key === 'action' ? 100 : 320}
        value={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
    </div>
  );

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-xl font-semibold">
        Audit
      </h2>
      <form className="flex flex-wrap items-end gap-3" onSubmit={apply} aria-label="Filter the audit log">
        {field('actor', 'Who (address)', 'owner@clinic.example')}
        {field('action', 'Action', 'user.set-role')}
        {field('target', 'Target (id or address)', '')}
        <div className="flex gap-2">
          <Button type="submit">Filter</Button>
          <Button variant="outline" onClick={clear}>
            Clear
          </Button>
        </div>
      </form>
      <p className="text-sm opacity-80 empty:hidden" aria-live="polite">
        {entries.length > 0 &&
          `${entries.length === 1 ? '1 entry' : `${entries.length} entries`} shown${audit.hasNextPage ? ', older ones to load' : ''}`}
      </p>
      {list}
    </section>
  );
}

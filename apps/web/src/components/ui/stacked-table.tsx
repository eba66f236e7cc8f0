/**
 * A table that a phone reads as a list of cards: below `sm` each row is a card and each cell a
 * line of it with its column's name in front (the column headers are then only read out, so the
 * table keeps its columns for screen readers); from `sm` up, a plain daisyUI table. Nothing in it
 * scrolls sideways on a phone, so a row's actions are always on screen.
 */
import type { ReactNode } from 'react';
import { useAppText } from '../../i18n/app.ts';

export function StackedTable({
  labelledBy,
  columns,
  children,
}: {
  /** The id of the heading that names the table. */
  labelledBy: string;
  /** Column headers: each row's cells give the same names as their `label`. */
  columns: readonly string[];
  children: ReactNode;
}) {
  const t = useAppText();
  return (
    <div className="min-w-0 rounded-box border border-base-300 sm:overflow-x-auto">
      {/* Variants, not `block sm:table`: the utility `table` would win over `block`. */}
      <table className="table max-sm:block" aria-labelledby={labelledBy}>
        <thead className="max-sm:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">{children}</tbody>
      </table>
    </div>
  );
}

/** One row: a card on a phone, a table row from `sm` up. */
export function StackedRow({
  className = '',
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return (
    <tr
      className={`max-sm:block max-sm:border-b max-sm:border-base-300 max-sm:px-4 max-sm:py-3 max-sm:last:border-b-0 ${className}`}
    >
      {children}
    </tr>
  );
}

/** A cell that on a phone is a line of its row's card, its column's name (`label`) in front. */
export function StackedCell({ label, children }: { label: string; children: ReactNode }) {
  const t = useAppText();
  return (
    <td
      data-label={t(label)}
      className="max-sm:flex max-sm:gap-3 max-sm:border-0 max-sm:px-0 max-sm:py-1 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:content-[attr(data-label)]"
    >
      <div className="min-w-0 break-words">{children}</div>
    </td>
  );
}

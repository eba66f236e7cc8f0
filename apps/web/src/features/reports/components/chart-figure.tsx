/**
 * A chart with its title and its numbers: the drawing is one image named by the title (its
 * parts are not read out one by one), and the same figures are a table with the title as its
 * caption, behind a disclosure so that a year of weeks does not make the page endless.
 */
import { useId, type ReactNode } from 'react';

export type ChartColumn<Row> = {
  label: string;
  /** The cell as shown; the row's first column is its header. */
  cell: (row: Row) => string;
  /** Figures line up on the right. */
  isNumeric?: boolean;
};

type ChartFigureProps<Row> = {
  title: string;
  /** What the drawing shows, read out as its name after the title. */
  description: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly ChartColumn<Row>[];
  /** The chart itself (recharts in a ResponsiveContainer). */
  children: ReactNode;
};

export function ChartFigure<Row>({
  title,
  description,
  rows,
  rowKey,
  columns,
  children,
}: ChartFigureProps<Row>) {
  const titleId = useId();
  return (
    <figure
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <figcaption id={titleId} className="font-semibold">
        {title}
      </figcaption>
      <div role="img" aria-label={`${title}: ${description}`} className="h-64 w-full min-w-0">
        {children}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer">
          Show the numbers<span className="sr-only"> of {title}</span>
        </summary>
        <div className="mt-2 max-h-80 overflow-auto rounded-box border border-base-300">
          <table className="table table-sm table-pin-rows">
            <caption className="sr-only">{title}</caption>
            <thead className="text-base-content/80">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={column.isNumeric ? 'text-right' : ''}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column, index) =>
                    index === 0 ? (
                      <th key={column.label} scope="row" className="font-normal">
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.label} className={column.isNumeric ? 'text-right' : ''}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { StackedCell, StackedRow, StackedTable } from './stacked-table.tsx';

function renderTable() {
  return render(
    <>
      <h2 id="title">Bookings</h2>
      <StackedTable labelledBy="title" columns={['Name', 'Pay']}>
        <StackedRow className="text-base-content/70">
          <StackedCell label="Name">Pat</StackedCell>
          <StackedCell label="Pay">
            <a href="/pay">pay</a>
          </StackedCell>
        </StackedRow>
      </StackedTable>
    </>,
  );
}

describe('StackedTable', () => {
  it('is a table named by its heading, with the column headers and the rows as given', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Bookings' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Pay']);
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Pat', 'pay']);
    expect(row).toHaveClass('text-base-content/70');
  });

  it('turns each row into a card on a phone, every line named by its column, with no sideways scroll', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Bookings' });
    // The utility `table` (display: table) would beat a plain `block`: only a variant stacks it.
    expect(table).toHaveClass('table', 'max-sm:block');
    expect(table.querySelector('thead')).toHaveClass('max-sm:sr-only');
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveClass('max-sm:block');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((td) => td.dataset.label),
    ).toEqual(['Name', 'Pay']);
    for (const cell of within(row!).getAllByRole('cell')) {
      expect(cell).toHaveClass('max-sm:flex', 'max-sm:before:content-[attr(data-label)]');
    }
    // Only from `sm` up may the table scroll inside its frame.
    const frame = table.parentElement!;
    expect(frame).toHaveClass('sm:overflow-x-auto');
    expect(frame).not.toHaveClass('overflow-x-auto');
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PagedTable } from '../../src/ui/PagedTable';
import type { TableColumn } from '../../src/ui/PagedTable';

afterEach(cleanup);

interface MonthRow {
  month: string;
  isMissing: boolean;
}

const COLUMNS: readonly TableColumn<MonthRow>[] = [
  { key: 'month', header: 'Bill month', isRowHeader: true, render: (row) => row.month },
];
const ROWS: MonthRow[] = Array.from({ length: 12 }, (_, index) => ({
  month: `2025-${String(index + 1).padStart(2, '0')}`,
  isMissing: index === 0,
}));

const shownMonths = () =>
  within(screen.getByRole('table', { name: 'Bills' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('PagedTable', () => {
  it('shows ten rows a page, tints flagged rows and pages on', async () => {
    render(
      <PagedTable
        caption="Bills"
        columns={COLUMNS}
        rows={ROWS}
        getKey={(row) => row.month}
        emptyText="No bills."
        isRowFlagged={(row) => row.isMissing}
      />,
    );
    expect(shownMonths()).toHaveLength(10);
    expect(screen.getByText('2025-01').closest('tr')?.hasAttribute('data-flagged')).toBe(true);
    expect(screen.getByRole('group', { name: 'Bills' }).tabIndex).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(shownMonths()).toEqual(['2025-11', '2025-12']);
  });

  it('says it loads, then that there are no rows', () => {
    const props = { caption: 'Bills', columns: COLUMNS, getKey: (row: MonthRow) => row.month };
    const { rerender } = render(<PagedTable {...props} rows={undefined} emptyText="No bills." />);
    expect(screen.getByRole('status').textContent).toBe('Loading bills…');
    rerender(<PagedTable {...props} rows={[]} emptyText="No bills." />);
    expect(screen.getByText('No bills.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionTable } from '../../src/ui/ActionTable';
import type { TableColumn } from '../../src/ui/ActionTable';

afterEach(cleanup);

interface FileRow {
  id: string;
  name: string;
  size: number;
}

const COLUMNS: readonly TableColumn<FileRow>[] = [
  { key: 'name', header: 'Name', isRowHeader: true, render: (row) => row.name },
  { key: 'id', header: 'Id', cellClassName: 'data-table__mono', render: (row) => row.id },
  { key: 'size', header: 'Size', isNumeric: true, render: (row) => `${row.size} KB` },
];

const ROWS: FileRow[] = [
  { id: 'a1', name: 'March.xlsx', size: 12 },
  { id: 'b2', name: 'April.xlsx', size: 30 },
];

describe('ActionTable', () => {
  it('renders the caption, the column headers and one row per item, the first cell naming the row', () => {
    render(<ActionTable caption="GL files" columns={COLUMNS} rows={ROWS} getKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'GL files' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Id', 'Size']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['March.xlsx', 'April.xlsx']);
    const size = within(table).getByText('30 KB');
    expect(size.tagName).toBe('TD');
    expect(size.className).toBe('is-num');
    expect(within(table).getByText('a1').className).toBe('data-table__mono');
    // Rows become cards of labelled fields on a narrow frame (table.css): each cell names its column.
    expect(table.className).toBe('data-table data-table--cards');
    expect(size.dataset.label).toBe('Size');
    expect(table.parentElement?.className).toBe('data-table-scroll');
  });

  it('adds a last column of per-row actions whose header only screen readers hear', async () => {
    const onDelete = vi.fn<(id: string) => void>();
    render(
      <ActionTable
        caption="GL files"
        columns={COLUMNS}
        rows={ROWS}
        getKey={(row) => row.id}
        actions={(row) => (
          <button type="button" aria-label={`Delete ${row.name}`} onClick={() => onDelete(row.id)}>
            x
          </button>
        )}
      />,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers).toHaveLength(4);
    expect(headers[3]?.querySelector('.visually-hidden')?.textContent).toBe('Actions');
    const button = screen.getByRole('button', { name: 'Delete April.xlsx' });
    expect(button.parentElement?.className).toBe('data-table__actions');
    await userEvent.click(button);
    expect(onDelete).toHaveBeenCalledWith('b2');
  });

  it('says the loading text while rows are undefined, and nothing without one', () => {
    const { rerender, container } = render(
      <ActionTable
        columns={COLUMNS}
        rows={undefined}
        getKey={(row) => row.id}
        loadingText="Loading GL files…"
      />,
    );
    const loading = screen.getByText('Loading GL files…');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    rerender(<ActionTable columns={COLUMNS} rows={undefined} getKey={(row) => row.id} />);
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says the empty text in place of the table, or shows the headers alone without one', () => {
    const { rerender } = render(
      <ActionTable columns={COLUMNS} rows={[]} getKey={(row) => row.id} emptyText="No GL files yet." />,
    );
    expect(screen.getByText('No GL files yet.').className).toBe('muted');
    expect(screen.queryByRole('table')).toBeNull();
    rerender(<ActionTable columns={COLUMNS} rows={[]} getKey={(row) => row.id} />);
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    expect(screen.queryAllByRole('row')).toHaveLength(1);
  });

  it('draws a compact table and tints flagged rows', () => {
    render(
      <ActionTable
        columns={COLUMNS}
        rows={ROWS}
        getKey={(row) => row.id}
        isCompact
        isRowFlagged={(row) => row.size > 20}
      />,
    );
    const table = screen.getByRole('table');
    expect(table.className).toBe('data-table data-table--compact');
    expect(table.querySelector('caption')).toBeNull();
    const flagged = [...table.querySelectorAll('tbody tr')].map((row) => row.hasAttribute('data-flagged'));
    expect(flagged).toEqual([false, true]);
  });
});

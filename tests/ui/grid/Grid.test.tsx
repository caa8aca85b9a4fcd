// @vitest-environment happy-dom
// The canvas part of glide draws nothing in happy-dom; these tests cover what surrounds it: toolbar, row count,
// quick filter, column chooser, loading and empty states. The drawing is checked in Chromium (see the note).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Grid } from '../../../src/ui/grid/Grid';
import type { GridColumnDef } from '../../../src/ui/grid/columns';
import { useGridSettings } from '../../../src/ui/grid/useGridSettings';

afterEach(cleanup);

type Row = { id: string; name: string; city: string | null; spend: number | null };
const columns: GridColumnDef<Row>[] = [
  { id: 'name', title: 'Name', kind: 'link', value: (row) => row.name },
  { id: 'city', title: 'City', kind: 'text', value: (row) => row.city },
  { id: 'spend', title: 'Total Spend', kind: 'currency', value: (row) => row.spend },
  { id: 'legacy', title: 'Legacy Code', kind: 'text', value: (row) => row.id, isHiddenByDefault: true },
];
const rows: Row[] = [
  { id: 'l1', name: 'Store #1', city: 'Austin', spend: 1200 },
  { id: 'l2', name: 'Warehouse', city: 'Dallas', spend: null },
  { id: 'l3', name: 'Austin Depot', city: null, spend: 99.5 },
];
const getRowId = (row: Row) => row.id;

type Props = Partial<Parameters<typeof Grid<Row>>[0]>;

/** The grid as a page holds it: the page reads the column choice and hands it over. */
function Page(props: Props) {
  const settings = useGridSettings('locations', columns);
  return (
    <Grid<Row>
      settings={settings}
      label="Locations"
      columns={columns}
      rows={rows}
      getRowId={getRowId}
      {...props}
    />
  );
}

function renderGrid(props: Props = {}) {
  render(<Page {...props} />);
  return userEvent.setup();
}

describe('Grid', () => {
  it('counts rows and filters them as the user types', async () => {
    const user = renderGrid();
    const count = screen.getByText('3 rows');
    expect(count.getAttribute('role')).toBe('status');
    await user.type(screen.getByRole('searchbox', { name: 'Filter rows' }), 'austin');
    await waitFor(() => expect(screen.getByText('2 of 3 rows')).toBeTruthy());
    await user.clear(screen.getByRole('searchbox', { name: 'Filter rows' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter rows' }), 'nowhere');
    await waitFor(() => expect(screen.getByText('No rows match “nowhere”.')).toBeTruthy());
    expect(screen.getByText('0 of 3 rows')).toBeTruthy();
  });

  it('opens filtered with the initial filter text, which the user can clear', async () => {
    const user = renderGrid({ initialFilter: 'austin' });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Filter rows' }).value).toBe('austin');
    await waitFor(() => expect(screen.getByText('2 of 3 rows')).toBeTruthy());
    await user.clear(screen.getByRole('searchbox', { name: 'Filter rows' }));
    await waitFor(() => expect(screen.getByText('3 rows')).toBeTruthy());
  });

  it('filters over the chosen columns only: hiding City stops matching its text', async () => {
    const user = renderGrid();
    await user.type(screen.getByRole('searchbox', { name: 'Filter rows' }), 'dallas');
    await waitFor(() => expect(screen.getByText('1 of 3 rows')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Choose Locations columns' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose columns' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'City' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Legacy Code' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByText('0 of 3 rows')).toBeTruthy());
    // The hidden-by-default column now takes part: its ids are searchable.
    await user.clear(screen.getByRole('searchbox', { name: 'Filter rows' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter rows' }), 'l2');
    await waitFor(() => expect(screen.getByText('1 of 3 rows')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Choose Locations columns' }));
    expect(within(screen.getByRole('dialog')).getByRole('checkbox', { name: 'City' })).toHaveProperty(
      'checked',
      false,
    );
  });

  it('says Loading… and is busy while rows load', () => {
    renderGrid({ rows: [], isLoading: true });
    const status = screen.getByText('Loading…');
    expect(status.closest('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByText('0 rows')).toBeNull();
  });

  it('shows the empty text when there are no rows', () => {
    renderGrid({ rows: [], emptyText: 'No locations yet.' });
    expect(screen.getByText('No locations yet.')).toBeTruthy();
    expect(screen.getByText('0 rows')).toBeTruthy();
    expect(document.querySelector('[aria-busy]')).toBeNull();
  });

  it("places the page's own controls in the toolbar", () => {
    const onExport = vi.fn();
    renderGrid({
      toolbar: (
        <button type="button" onClick={onExport}>
          Export
        </button>
      ),
    });
    screen.getByRole('button', { name: 'Export' }).click();
    expect(onExport).toHaveBeenCalled();
  });
});

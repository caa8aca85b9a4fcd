// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExportState } from '../../../src/export/useExport';
import type { GridColumnDef } from '../../../src/ui/grid/columns';
import { ExportButton, ExportStatus, visibleExportColumns } from '../../../src/ui/grid/GridExport';

afterEach(cleanup);

type Row = { id: string; name: string; amount: number };

const COLUMNS: readonly GridColumnDef<Row>[] = [
  { id: 'name', title: 'Name', kind: 'link', width: 200, value: (row) => row.name },
  { id: 'amount', title: 'Amount', kind: 'currency', value: (row) => row.amount },
  { id: 'rename', title: 'Rename', kind: 'link', value: () => 'Rename' },
];

function exporterOf(state: Partial<ExportState>): ExportState {
  return {
    exportXlsx: vi.fn(() => Promise.resolve(true)),
    progress: null,
    error: null,
    isExporting: false,
    cancel: vi.fn(),
    ...state,
  };
}

describe('visibleExportColumns', () => {
  it('keeps the visible columns in the grid order, links as text', () => {
    const out = visibleExportColumns(COLUMNS, ['amount', 'name']);
    expect(out.map((column) => [column.title, column.kind, column.width])).toEqual([
      ['Name', 'text', 200],
      ['Amount', 'currency', undefined],
    ]);
    expect(out[0]?.value({ id: '1', name: 'Main St', amount: 3 })).toBe('Main St');
  });

  it('leaves out the columns isExported refuses', () => {
    const out = visibleExportColumns(COLUMNS, ['name', 'rename'], (column) => column.id !== 'rename');
    expect(out.map((column) => column.title)).toEqual(['Name']);
  });
});

describe('ExportButton', () => {
  it('exports on click, and reads Exporting… while an export runs', async () => {
    const onExport = vi.fn();
    const { rerender } = render(
      <ExportButton exporter={exporterOf({})} isDisabled={false} onExport={onExport} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(onExport).toHaveBeenCalledTimes(1);
    rerender(
      <ExportButton
        exporter={exporterOf({ isExporting: true, progress: 10 })}
        isDisabled={false}
        onExport={onExport}
      />,
    );
    expect(screen.getByRole('button', { name: 'Exporting…' })).toHaveProperty('disabled', true);
  });

  it('keeps its text without busy text, and is off when there is nothing to export', () => {
    render(
      <ExportButton
        exporter={exporterOf({ isExporting: true, progress: 10 })}
        isDisabled
        onExport={vi.fn()}
        hasBusyText={false}
      />,
    );
    expect(screen.getByRole('button', { name: 'Export' })).toHaveProperty('disabled', true);
  });
});

describe('ExportStatus', () => {
  it('shows nothing while no export runs and none failed', () => {
    const { container } = render(<ExportStatus exporter={exporterOf({})} label="Exporting bills" />);
    expect(container.textContent).toBe('');
  });

  it('shows the progress with Cancel in its row, and the error', async () => {
    const exporter = exporterOf({
      progress: 40,
      isExporting: true,
      error: 'The export could not be completed.',
    });
    render(
      <ExportStatus exporter={exporter} label="Exporting bills" progressClassName="bills-grid__progress" />,
    );
    expect(screen.getByRole('progressbar', { name: 'Exporting bills' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The export could not be completed.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(exporter.cancel).toHaveBeenCalledTimes(1);
  });

  it('shows the bar alone without a row class', () => {
    render(
      <ExportStatus exporter={exporterOf({ progress: 40, isExporting: true })} label="Exporting contracts" />,
    );
    expect(screen.getByRole('progressbar', { name: 'Exporting contracts' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});

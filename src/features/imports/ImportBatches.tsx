import { useState } from 'react';
import { Undo2 } from 'lucide-react';
import { undoImport } from '../../db/mutations/imports';
import type { ImportBatchRow } from '../../db/rows';
import type { AppDb } from '../../db/schema';
import type { OutboxEntry } from '../../db/syncRows';
import { EMPTY_CELL_TEXT, formatDay, formatWhole } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { ActionTable } from '../../ui/ActionTable';
import type { TableColumn } from '../../ui/ActionTable';
import { IconButton } from '../../ui/IconButton';
import { Modal } from '../../ui/Modal';
import { Panel } from '../../ui/Panel';
import { useQueuedWriteToast } from '../../ui/useQueuedWriteToast';

/** A row of the list: a batch (pending on this device, applied or undone), or an import the server refused. */
type BatchLine =
  { kind: 'batch'; batch: ImportBatchRow; byName: string | null } | { kind: 'refused'; entry: OutboxEntry };

const KIND_NAMES: Readonly<Record<string, string>> = {
  bills: 'Bill spreadsheet',
  greenButton: 'Green Button',
  sites: 'Sites',
};

function fileNameOf(entry: OutboxEntry): string {
  const body = entry.body as { fileName?: unknown } | null;
  return typeof body?.fileName === 'string' ? body.fileName : 'Import';
}

function statusText(line: BatchLine): string {
  if (line.kind === 'refused') return `Refused: ${line.entry.rejection?.reason ?? 'by the server'}`;
  if (line.batch.status === 'pending') return 'Waiting to be applied';
  return line.batch.status === 'undone' ? 'Undone' : 'Applied';
}

function totalsText(batch: ImportBatchRow): string {
  if (batch.totals.length === 0) return EMPTY_CELL_TEXT;
  return batch.totals
    .map((total) =>
      total.unit === null
        ? formatCurrency(total.cost)
        : `${formatWhole(total.usage)} ${total.unit} · ${formatCurrency(total.cost)}`,
    )
    .join('; ');
}

const COLUMNS: readonly TableColumn<BatchLine>[] = [
  {
    key: 'file',
    header: 'File',
    isRowHeader: true,
    render: (line) => (line.kind === 'batch' ? line.batch.fileName : fileNameOf(line.entry)),
  },
  {
    key: 'kind',
    header: 'Kind',
    render: (line) => {
      const kind =
        line.kind === 'batch' ? line.batch.kind : (line.entry.body as { kind?: string } | null)?.kind;
      return KIND_NAMES[kind ?? ''] ?? kind ?? EMPTY_CELL_TEXT;
    },
  },
  {
    key: 'when',
    header: 'Imported',
    render: (line) =>
      formatDay(line.kind === 'batch' ? line.batch.createdAt : line.entry.createdAt) ?? EMPTY_CELL_TEXT,
  },
  {
    key: 'by',
    header: 'By',
    render: (line) => (line.kind === 'batch' ? (line.byName ?? EMPTY_CELL_TEXT) : 'You, on this device'),
  },
  {
    key: 'bills',
    header: 'Brought',
    isNumeric: true,
    render: (line) => {
      if (line.kind !== 'batch') return EMPTY_CELL_TEXT;
      if (line.batch.kind === 'sites') return `${formatWhole(line.batch.counts.sitesCreated ?? 0)} sites`;
      const replaced = line.batch.counts.replaced ?? 0;
      const bills = formatWhole(line.batch.counts.bills);
      return replaced > 0 ? `${bills} (${formatWhole(replaced)} re-issued)` : bills;
    },
  },
  {
    key: 'duplicates',
    header: 'Duplicates skipped',
    isNumeric: true,
    render: (line) => (line.kind === 'batch' ? formatWhole(line.batch.counts.duplicates) : EMPTY_CELL_TEXT),
  },
  {
    key: 'totals',
    header: 'Usage and cost',
    render: (line) => (line.kind === 'batch' ? totalsText(line.batch) : EMPTY_CELL_TEXT),
  },
  { key: 'status', header: 'Status', render: statusText },
];

/**
 * The company's imports (docs/architecture.md §14 Imports): each batch with who, when, its counts and totals, and an
 * undo that takes its bills off every device through the feed; imports the server refused come first, with why.
 */
export function ImportBatches({
  db,
  batches,
  refused,
  userNames,
}: {
  db: AppDb;
  batches: readonly ImportBatchRow[] | undefined;
  refused: readonly OutboxEntry[];
  userNames: ReadonlyMap<number, string>;
}) {
  const queuedToast = useQueuedWriteToast();
  const [undoing, setUndoing] = useState<ImportBatchRow | null>(null);
  const lines: BatchLine[] | undefined =
    batches === undefined
      ? undefined
      : [
          ...refused.map((entry): BatchLine => ({ kind: 'refused', entry })),
          ...batches.map((batch): BatchLine => ({
            kind: 'batch',
            batch,
            byName: batch.createdBy === null ? null : (userNames.get(batch.createdBy) ?? null),
          })),
        ];

  const confirmUndo = async () => {
    const batch = undoing;
    setUndoing(null);
    if (!batch) return;
    await undoImport(db, batch);
    queuedToast(`Import of ${batch.fileName} undone`);
  };

  return (
    <Panel titleId="import-batches-title" title="Imports">
      <ActionTable
        caption="Imports of the company"
        columns={COLUMNS}
        rows={lines}
        getKey={(line) => (line.kind === 'batch' ? line.batch.id : `refused-${line.entry.seq}`)}
        loadingText="Reading the imports on this device…"
        emptyText="No file has been imported into this company yet."
        actions={(line) =>
          line.kind === 'batch' && line.batch.status === 'applied' ? (
            <IconButton
              icon={Undo2}
              label={`Undo the import of ${line.batch.fileName}`}
              title="Undo"
              onClick={() => setUndoing(line.batch)}
            />
          ) : null
        }
      />
      <Modal
        isOpen={undoing !== null}
        onClose={() => setUndoing(null)}
        title="Undo this import?"
        tone="warning"
        size="sm"
        footer={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setUndoing(null)}>
              Keep it
            </button>
            <button type="button" className="btn btn--danger" onClick={() => void confirmUndo()}>
              Undo import
            </button>
          </>
        }
      >
        {undoing ? (
          <p>
            The {formatWhole(undoing.counts.bills)} bills of {undoing.fileName} leave the company on every
            device, with their alerts. The batch stays in this list as undone.
          </p>
        ) : null}
      </Modal>
    </Panel>
  );
}

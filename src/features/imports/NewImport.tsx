import { useEffect, useState } from 'react';
import type { Remote } from 'comlink';
import { useAtomValue } from 'jotai';
import { Download } from 'lucide-react';
import type { ImportPreview, ImportsApi, ReadFile } from '../../../workers/imports/api';
import { queueImport } from '../../db/mutations/imports';
import type { AppDb } from '../../db/schema';
import { formatWhole } from '../../domain/format';
import { monthLabel } from '../../domain/dates';
import { MAX_FILE_BYTES } from '../../domain/files';
import type { DuplicateChoice, ImportKind } from '../../domain/imports/batches';
import type { BillColumnMapping } from '../../domain/imports/spreadsheet/headers';
import { formatCurrency } from '../../domain/money';
import { XLSX_MIME } from '../../export/downloadBlob';
import { saveFile } from '../../files/saveFile';
import { useOnline } from '../../platform/useOnline';
import { sessionAtom } from '../../session/atoms';
import { ActionTable } from '../../ui/ActionTable';
import type { TableColumn } from '../../ui/ActionTable';
import { BusyButton } from '../../ui/BusyButtons';
import { FactList } from '../../ui/Facts';
import type { Fact } from '../../ui/Facts';
import { FileDropZone } from '../../ui/FileDropZone';
import { CheckField } from '../../ui/fields/CheckField';
import type { Choice } from '../../ui/fields/choices';
import { SearchSelect } from '../../ui/fields/SearchSelect';
import { OfflineNote } from '../../ui/OfflineNote';
import { Panel } from '../../ui/Panel';
import { useQueuedWriteToast } from '../../ui/useQueuedWriteToast';
import { fieldLabel, MappingTable } from './MappingTable';

const KIND_LABELS: Readonly<Record<ImportKind, string>> = {
  bills: 'Bill spreadsheet (CSV or XLSX)',
  greenButton: 'Green Button file (XML)',
  sites: 'Sites (CSV or XLSX)',
};

const ACCEPT: Readonly<Record<ImportKind, string>> = {
  bills: '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  greenButton: '.xml,application/xml,text/xml,application/atom+xml',
  sites: '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const HINTS: Readonly<Record<ImportKind, string>> = {
  bills:
    'A bill per row, or a bill line per row; CSV or XLSX, up to 20 MB. The file stays on this device until it is imported.',
  greenButton:
    'A Green Button "Download My Data" file (ESPI XML), up to 20 MB. Its usage becomes one bill per month of the account.',
  sites:
    'A site per row with its site number, name, address, city, state and zip (square feet and site type where known); CSV or XLSX, up to 20 MB.',
};

type RowError = ImportPreview['errors'][number];

/** A file the user chose, its bytes read once. */
interface ChosenFile {
  name: string;
  bytes: Uint8Array;
}

const ERROR_COLUMNS: readonly TableColumn<RowError>[] = [
  { key: 'row', header: 'Row', isNumeric: true, isRowHeader: true, render: (error) => error.row || 'File' },
  { key: 'field', header: 'Field', render: (error) => fieldLabel(error.field) },
  { key: 'message', header: 'Problem', render: (error) => error.message },
];

function messageOf(cause: unknown): string {
  const text = cause instanceof Error ? cause.message : String(cause);
  return text.replace(/^Error: /, '');
}

function totalsText(preview: ImportPreview): string {
  if (preview.totals.length === 0) return 'None';
  return preview.totals
    .map((total) =>
      total.unit === null
        ? `${formatCurrency(total.cost)} without usage`
        : `${formatWhole(total.usage)} ${total.unit} for ${formatCurrency(total.cost)}`,
    )
    .join(' · ');
}

function previewFacts(preview: ImportPreview, duplicates: DuplicateChoice, kind: ImportKind): Fact[] {
  if (kind === 'sites')
    return [
      { label: 'Rows read', value: formatWhole(preview.rows) },
      { label: 'Sites to create', value: formatWhole(preview.sitesCreated), isStrong: true },
      { label: 'Already present (duplicates)', value: formatWhole(preview.duplicates) },
      { label: 'Rows in error', value: formatWhole(preview.errorRows) },
    ];
  const facts: Fact[] = [
    { label: 'Rows read', value: formatWhole(preview.rows) },
    {
      label: 'Bills to import',
      value: formatWhole(preview.bills + (duplicates === 'import' ? preview.duplicates : 0)),
      isStrong: true,
    },
    { label: 'Already present (duplicates)', value: formatWhole(preview.duplicates) },
    { label: 'Re-issued bills (replace the earlier one)', value: formatWhole(preview.reissues) },
    {
      label: 'Accounts',
      value: formatWhole(preview.accounts),
      sub: preview.accountsCreated > 0 ? `${formatWhole(preview.accountsCreated)} to create` : null,
    },
    { label: 'Rows in error', value: formatWhole(preview.errorRows) },
  ];
  if (preview.months)
    facts.push({
      label: 'Bill months',
      value: `${monthLabel(preview.months[0])} – ${monthLabel(preview.months[1])}`,
    });
  facts.push({ label: 'Usage and cost', value: totalsText(preview) });
  return facts;
}

/**
 * A new import (docs/architecture.md §14 Imports): the file is read and checked in the import worker against this
 * device's accounts and bills, the columns mapped (guessed, or the company's last mapping), rows in error listed and
 * downloadable as a workbook to fix; a clean file is queued in the outbox, offline too, and the server applies it once.
 */
export function NewImport({
  db,
  companyId,
  worker,
  savedMapping,
  accountChoices,
}: {
  db: AppDb;
  companyId: number;
  worker: Remote<ImportsApi> | null;
  savedMapping: BillColumnMapping | null;
  accountChoices: readonly Choice[] | undefined;
}) {
  const isOnline = useOnline();
  const userId = useAtomValue(sessionAtom)?.userId ?? null;
  const queuedToast = useQueuedWriteToast();
  const [kind, setKind] = useState<ImportKind>('bills');
  const [accountId, setAccountId] = useState('');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [mapping, setMapping] = useState<BillColumnMapping | null>(null);
  const [readResult, setReadResult] = useState<{
    file: ChosenFile;
    kind: ImportKind;
    read: ReadFile | null;
    error: string | null;
  } | null>(null);
  const [previewResult, setPreviewResult] = useState<{
    key: string;
    preview: ImportPreview | null;
    error: string | null;
  } | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [queueProblem, setQueueProblem] = useState<string | null>(null);
  const [isQueueing, setQueueing] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('skip');
  const [createAccounts, setCreateAccounts] = useState(false);

  const reset = () => {
    setFile(null);
    setMapping(null);
    setFileProblem(null);
    setQueueProblem(null);
    setDuplicates('skip');
    setCreateAccounts(false);
  };

  // What the worker answered for this file and kind, and for these inputs of the preview; a stale answer is ignored.
  const readNow = readResult?.file === file && readResult.kind === kind ? readResult : null;
  const read = readNow?.read ?? null;
  const previewKey = read
    ? JSON.stringify([
        file?.name,
        kind,
        accountId,
        mapping,
        mapping ? null : savedMapping,
        companyId,
        createAccounts,
      ])
    : null;
  const previewNow = previewResult?.key === previewKey ? previewResult : null;
  const preview = previewNow?.preview ?? null;
  const needsAccount = kind === 'greenButton' && accountId === '';
  const isReading =
    file !== null && (readNow === null || (read !== null && !needsAccount && previewNow === null));
  const problem = fileProblem ?? readNow?.error ?? previewNow?.error ?? queueProblem;

  // Reads the file in the worker whenever the file or its kind changes.
  useEffect(() => {
    if (!worker || !file) return;
    let isCurrent = true;
    worker
      .read(file.name, file.bytes, kind)
      .then((result) => {
        if (isCurrent) setReadResult({ file, kind, read: result, error: null });
      })
      .catch((cause: unknown) => {
        if (isCurrent) setReadResult({ file, kind, read: null, error: messageOf(cause) });
      });
    return () => {
      isCurrent = false;
    };
  }, [worker, file, kind]);

  // Previews the file read through the mapping (or into the account of a Green Button file).
  useEffect(() => {
    if (!worker || !read || previewKey === null || needsAccount) return;
    let isCurrent = true;
    worker
      .preview({
        companyId,
        ...(read.kind === 'greenButton' ? { accountId } : {}),
        ...(mapping ? { mapping } : {}),
        savedMapping,
        createAccounts: read.kind === 'bills' && createAccounts,
      })
      .then((result) => {
        if (isCurrent) setPreviewResult({ key: previewKey, preview: result, error: null });
      })
      .catch((cause: unknown) => {
        if (isCurrent) setPreviewResult({ key: previewKey, preview: null, error: messageOf(cause) });
      });
    return () => {
      isCurrent = false;
    };
  }, [worker, read, previewKey, needsAccount, mapping, accountId, companyId, savedMapping, createAccounts]);

  const takeFile = async (files: File[]) => {
    const [chosen] = files;
    if (!chosen) return;
    reset();
    if (chosen.size > MAX_FILE_BYTES) {
      setFileProblem(`${chosen.name} is larger than 20 MB.`);
      return;
    }
    setFile({ name: chosen.name, bytes: new Uint8Array(await chosen.arrayBuffer()) });
  };

  const saveErrors = async () => {
    if (!worker || !file) return;
    setSaving(true);
    try {
      const buffer = await worker.errorWorkbook();
      const base = file.name.replace(/\.[^.]+$/, '');
      saveFile(new Blob([buffer], { type: XLSX_MIME }), `${base} - rows in error.xlsx`);
    } finally {
      setSaving(false);
    }
  };

  const canImport =
    preview !== null &&
    !isReading &&
    preview.missing.length === 0 &&
    preview.errorCount === 0 &&
    (kind === 'sites'
      ? preview.sitesCreated > 0
      : preview.bills + (duplicates === 'import' ? preview.duplicates : 0) > 0);

  const queue = async () => {
    if (!file || !preview || !canImport) return;
    setQueueing(true);
    try {
      const bills = preview.bills + (duplicates === 'import' ? preview.duplicates : 0);
      await queueImport(
        db,
        {
          companyId,
          fileName: file.name,
          bytes: file.bytes,
          kind,
          ...(kind === 'greenButton' ? { accountId } : {}),
          ...(preview.mapping ? { mapping: preview.mapping } : {}),
          duplicates,
          createAccounts: kind === 'bills' && createAccounts,
          counts: {
            rows: preview.rows,
            bills,
            lines: preview.lines,
            duplicates: duplicates === 'import' ? 0 : preview.duplicates,
            replaced: preview.reissues,
            errors: 0,
            accountsCreated: preview.accountsCreated,
            ...(kind === 'sites' ? { sitesCreated: preview.sitesCreated } : {}),
          },
          totals: preview.totals,
        },
        userId,
      );
      queuedToast(`Import of ${file.name} queued`);
      reset();
    } catch (cause) {
      setQueueProblem(messageOf(cause));
    } finally {
      setQueueing(false);
    }
  };

  const mappingShown = preview?.mapping ?? null;
  return (
    <Panel titleId="new-import-title" title="New import">
      <fieldset className="imports__kinds">
        <legend className="field__label">What the file holds</legend>
        {(Object.keys(KIND_LABELS) as ImportKind[]).map((option) => (
          <label key={option} className="imports__kind">
            <input
              type="radio"
              name="import-kind"
              value={option}
              checked={kind === option}
              onChange={() => {
                setKind(option);
                reset();
              }}
            />
            {KIND_LABELS[option]}
          </label>
        ))}
      </fieldset>
      {kind === 'greenButton' ? (
        <SearchSelect
          label="Account"
          all="Choose an account"
          choices={() => accountChoices ?? []}
          isLoading={accountChoices === undefined}
          value={accountId}
          onChange={setAccountId}
        />
      ) : null}
      <FileDropZone
        onFiles={(files) => void takeFile(files)}
        accept={ACCEPT[kind]}
        hint={HINTS[kind]}
        isBusy={isReading}
      />
      {file ? (
        <p className="imports__file" aria-live="polite">
          {isReading ? `Reading ${file.name}…` : file.name}
        </p>
      ) : null}
      {problem ? (
        <p className="notice notice--danger" role="alert">
          {problem}
        </p>
      ) : null}
      {needsAccount && file ? <p className="muted">Choose the account this file is for.</p> : null}
      {preview && mappingShown && read ? (
        <>
          {preview.mappingSource === 'saved' ? (
            <p className="muted">The columns are mapped as in the last import; change any that differ.</p>
          ) : null}
          <MappingTable mapping={mappingShown} samples={read.samples} onChange={setMapping} />
          {preview.missing.length > 0 ? (
            <p className="notice notice--warning" role="status">
              Map a column to: {preview.missing.join('; ')}.
            </p>
          ) : null}
        </>
      ) : null}
      {preview && preview.missing.length === 0 ? (
        <section className="imports__preview" aria-labelledby="import-preview-title">
          <h3 id="import-preview-title" className="imports__subtitle">
            What the file brings
          </h3>
          <FactList facts={previewFacts(preview, duplicates, kind)} />
          {read?.kind === 'bills' ? (
            <CheckField
              label="Create the accounts the file names that this company lacks, under the sites of their site numbers"
              checked={createAccounts}
              onChange={setCreateAccounts}
            />
          ) : null}
          {preview.duplicates > 0 && kind !== 'sites' ? (
            <CheckField
              label="Import the bills already present too"
              checked={duplicates === 'import'}
              onChange={(isChecked) => setDuplicates(isChecked ? 'import' : 'skip')}
            />
          ) : null}
          {preview.errorCount > 0 ? (
            <>
              <p className="notice notice--danger" role="status">
                {preview.errorCount === 1 ? '1 problem' : `${formatWhole(preview.errorCount)} problems`} in{' '}
                {preview.errorRows === 1 ? '1 row' : `${formatWhole(preview.errorRows)} rows`}: nothing is
                imported until they are fixed. Download the rows in error, fix them and import that file.
              </p>
              {read?.kind !== 'greenButton' ? (
                <div className="imports__actions">
                  <BusyButton
                    kind="secondary"
                    isBusy={isSaving}
                    busyLabel="Writing…"
                    onClick={() => void saveErrors()}
                  >
                    <Download aria-hidden="true" size={16} /> Download rows in error
                  </BusyButton>
                </div>
              ) : null}
              <ActionTable
                caption="Rows in error"
                columns={ERROR_COLUMNS}
                rows={preview.errors}
                getKey={(error) => `${error.row}|${error.field}|${error.message}`}
              />
              {preview.errorCount > preview.errors.length ? (
                <p className="muted">
                  The first {formatWhole(preview.errors.length)} are listed; the workbook holds them all.
                </p>
              ) : null}
            </>
          ) : null}
          {isOnline ? null : (
            <OfflineNote>
              You are offline: the import is kept on this device and applied when you are back online.
            </OfflineNote>
          )}
          <div className="imports__actions">
            <BusyButton
              isBusy={isQueueing}
              busyLabel="Queueing…"
              isDisabled={!canImport}
              onClick={() => void queue()}
            >
              Import
            </BusyButton>
            <button type="button" className="btn btn--secondary" onClick={reset}>
              Cancel
            </button>
          </div>
        </section>
      ) : null}
    </Panel>
  );
}

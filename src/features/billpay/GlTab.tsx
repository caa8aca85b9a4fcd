import { useMemo, useState } from 'react';
import { Download, FileSpreadsheet, WifiOff } from 'lucide-react';
import { fetchGlFiles, generateGlFile, glCodesReportPath, glFileKey, glFilePath } from '../../api/billPay';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { evictKeptFile } from '../../db/keptFiles';
import { localToday } from '../../domain/contracts';
import { addDays } from '../../domain/dates';
import { fileSizeText } from '../../domain/files';
import { formatDay } from '../../domain/format';
import { ActionTable } from '../../ui/ActionTable';
import type { TableColumn } from '../../ui/ActionTable';
import { IconButton } from '../../ui/IconButton';
import { useFileDownload } from '../../ui/useFileDownload';
import { SelectField } from '../../ui/fields/SelectField';
import { useToasts } from '../../ui/useToasts';
import { DateRangeFields, rangeError } from './DateRangeFields';
import type { DateRange } from './DateRangeFields';
import { useGlChildCompanies, useKeptGlFiles } from './useGlFiles';
import { useOnlineList } from '../../platform/useOnlineList';
import '../../ui/billPay.css';
import { Panel } from '../../ui/Panel';

/** What a GL file never downloaded on this device says offline. */
export const GL_OFFLINE_MESSAGE =
  'This GL file needs a network connection: it has not been downloaded on this device yet. Files you download once stay available offline.';

/** A file row of the table, from the server's list or the device. */
interface GlRow {
  id: string;
  fileName: string;
  period: string;
  createdAt: string;
  size: number;
  isKept: boolean;
}

const GL_FILE_COLUMNS: readonly TableColumn<GlRow>[] = [
  {
    key: 'name',
    header: 'Name',
    isRowHeader: true,
    render: (row) => (
      <>
        {row.fileName} {row.isKept ? <span className="badge badge--success">On this device</span> : null}
      </>
    ),
  },
  { key: 'period', header: 'Payments of', render: (row) => row.period || '—' },
];

const SIZE_COLUMN: TableColumn<GlRow> = {
  key: 'size',
  header: 'Size',
  render: (row) => fileSizeText(row.size),
};

/**
 * On-demand GL (spec 001 §3): generate the general-ledger file of a date range (.xlsx and CSV, online), and the list
 * of generated files with download; a file downloaded once is kept on the device and opens offline.
 */
export function GlTab({ companyId, companyName }: { companyId: number; companyName: string }) {
  const isOnline = useOnline();
  const db = useUserDb();
  const { toast } = useToasts();
  const today = localToday();
  const [range, setRange] = useState<DateRange>({ from: addDays(today, -30), to: today });
  const children = useGlChildCompanies(companyId, isOnline);
  const [target, setTarget] = useState(companyId);
  const forId = children.some((child) => child.id === target) ? target : companyId;
  const list = useOnlineList(forId, isOnline, fetchGlFiles);
  const kept = useKeptGlFiles([forId]);
  const { download, busyKey } = useFileDownload(GL_OFFLINE_MESSAGE);
  const [isGenerating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const rows = useMemo<GlRow[] | undefined>(() => {
    if (kept === undefined) return undefined;
    const keptKeys = new Set(kept.map((file) => file.key));
    if (list.items)
      return list.items.map((file) => ({
        id: file.id,
        fileName: file.fileName,
        period: `${formatDay(file.fromDate) ?? file.fromDate} – ${formatDay(file.toDate) ?? file.toDate}`,
        createdAt: file.createdAt,
        size: file.size,
        isKept: keptKeys.has(glFileKey(file.id)),
      }));
    if (isOnline && list.isLoading) return undefined;
    return kept.map((file) => ({
      id: file.key.slice('gl/'.length),
      fileName: file.name,
      period: '',
      createdAt: file.keptAt,
      size: file.size,
      isKept: true,
    }));
  }, [kept, list.items, list.isLoading, isOnline]);

  const generate = async () => {
    setError(null);
    setGenerating(true);
    const result = await generateGlFile(forId, range.from, range.to);
    setGenerating(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    toast(
      'GL file ready',
      `${result.data.map((file) => file.fileName).join(' and ')} can be downloaded below.`,
      {
        kind: 'success',
      },
    );
    list.reload();
  };

  // The report follows the accounts: online it is fetched afresh (and kept again), offline the kept copy opens.
  const downloadGlCodes = async () => {
    const key = `gl-codes/${forId}.xlsx`;
    if (isOnline && db) await evictKeptFile(db, key);
    await download({ key, path: glCodesReportPath(forId), name: 'GL codes.xlsx', companyId: forId });
  };

  const canGenerate = isOnline && !isGenerating && range.from !== '' && range.to !== '' && !rangeError(range);
  return (
    <div className="page">
      <Panel titleId="gl-generate-title" title="Generate a GL file">
        <p className="muted">
          One line per payment of the range: GL code, cost center of the site, account, vendor, invoice and
          payment dates, amount and service; as .xlsx and CSV.
        </p>
        <div className="billpay-period">
          {children.length > 0 && (
            <SelectField label="Company" value={String(forId)} onChange={(value) => setTarget(Number(value))}>
              <option value={companyId}>{companyName}</option>
              {children.map((child) => (
                <option key={child.id} value={child.id}>
                  {child.name}
                </option>
              ))}
            </SelectField>
          )}
          <DateRangeFields label="Payment date" value={range} onChange={setRange} />
          <button
            type="button"
            className="btn btn--primary"
            disabled={!canGenerate}
            aria-busy={isGenerating || undefined}
            onClick={() => void generate()}
          >
            <FileSpreadsheet aria-hidden="true" size={16} />
            {isGenerating ? 'Generating…' : 'Generate'}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busyKey === `gl-codes/${forId}.xlsx`}
            onClick={() => void downloadGlCodes()}
          >
            <Download aria-hidden="true" size={16} />
            GL codes report
          </button>
        </div>
        {!isOnline && (
          <p className="notice notice--warning" role="status">
            <WifiOff aria-hidden="true" size={18} />
            Generating GL files needs a network connection. Files downloaded before are listed below.
          </p>
        )}
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
      </Panel>

      <Panel titleId="gl-files-title" title={isOnline ? 'Generated GL files' : 'GL files on this device'}>
        {list.error && (
          <p className="error-text" role="alert">
            {list.error}
          </p>
        )}
        <ActionTable
          caption="GL files"
          columns={[
            ...GL_FILE_COLUMNS,
            {
              key: 'createdAt',
              header: isOnline ? 'Generated' : 'Downloaded',
              render: (row) => formatDay(row.createdAt) ?? row.createdAt,
            },
            SIZE_COLUMN,
          ]}
          rows={rows}
          getKey={(row) => row.id}
          loadingText="Loading GL files…"
          emptyText={
            isOnline
              ? 'No GL files yet: generate one above.'
              : 'No GL files have been downloaded on this device.'
          }
          actions={(row) => (
            <IconButton
              icon={Download}
              label={`Download ${row.fileName}`}
              title="Download"
              isDisabled={busyKey === glFileKey(row.id)}
              onClick={() =>
                void download({
                  key: glFileKey(row.id),
                  path: glFilePath(forId, row.id),
                  name: row.fileName,
                  companyId: forId,
                })
              }
            />
          )}
        />
      </Panel>
    </div>
  );
}

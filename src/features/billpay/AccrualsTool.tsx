import { useState } from 'react';
import { Calculator, Download, Trash2, WifiOff } from 'lucide-react';
import {
  accrualReportPath,
  deleteAccrualReport,
  fetchAccrualReports,
  runAccrualsTool,
} from '../../api/billPay';
import type { AccrualReportEntry } from '../../api/billPay';
import { useOnline } from '../../platform/useOnline';
import { useUserDb } from '../../platform/database';
import { evictKeptFile } from '../../db/keptFiles';
import { localToday } from '../../domain/contracts';
import { formatDay } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { ActionTable } from '../../ui/ActionTable';
import type { TableColumn } from '../../ui/ActionTable';
import { IconButton } from '../../ui/IconButton';
import { useFileDownload } from '../../ui/useFileDownload';
import { TextField } from '../../ui/fields/TextField';
import { useToasts } from '../../ui/useToasts';
import { useOnlineList } from '../../platform/useOnlineList';
import '../../ui/billPay.css';
import { Panel } from '../../ui/Panel';

const REPORT_OFFLINE_MESSAGE =
  'This accruals report needs a network connection: it has not been downloaded on this device yet.';

const REPORT_COLUMNS: readonly TableColumn<AccrualReportEntry>[] = [
  { key: 'report', header: 'Report', isRowHeader: true, render: (report) => report.fileName },
  { key: 'made', header: 'Made', render: (report) => formatDay(report.createdAt) ?? report.createdAt },
];

/** The month before today's, `YYYY-MM`: the month end an accountant usually closes. */
function previousMonth(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * The accruals tool (online): estimates every active account's unbilled service at a month end into a workbook
 * stored on the server (how: docs/decisions/bill-pay.md, accruals tool); the stored reports with download and delete.
 */
export function AccrualsTool({ companyId }: { companyId: number }) {
  const isOnline = useOnline();
  const db = useUserDb();
  const { toast } = useToasts();
  const [month, setMonth] = useState(() => previousMonth(localToday()));
  const [isRunning, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = useOnlineList(companyId, isOnline, fetchAccrualReports);
  const { download, busyKey } = useFileDownload(REPORT_OFFLINE_MESSAGE);
  const keyOf = (report: AccrualReportEntry) => `accrual-reports/${report.blobId}`;

  const run = async () => {
    setError(null);
    setRunning(true);
    const result = await runAccrualsTool(companyId, Number(month.slice(0, 4)), Number(month.slice(5, 7)));
    setRunning(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    toast(
      'Accruals estimated',
      `${result.data.accounts} accounts, ${formatCurrency(result.data.total)}: ${result.data.fileName}`,
      { kind: 'success' },
    );
    list.reload();
  };

  const remove = async (report: AccrualReportEntry) => {
    const result = await deleteAccrualReport(companyId, report.blobId);
    if (!result.ok) {
      toast('Could not delete the report', result.error.message, { kind: 'error' });
      return;
    }
    if (db) await evictKeptFile(db, keyOf(report));
    list.reload();
  };

  return (
    <Panel titleId="accruals-tool-title" title="Accruals tool">
      <p className="muted">
        Estimates, for every active account, the service not billed yet at the month end from its latest bills
        (seasonally adjusted with last year), as a workbook kept on the server.
      </p>
      <div className="billpay-period">
        <TextField label="Month end of" type="month" value={month} onChange={setMonth} required />
        <button
          type="button"
          className="btn btn--primary"
          disabled={!isOnline || isRunning || !/^[0-9]{4}-[0-9]{2}$/.test(month)}
          aria-busy={isRunning || undefined}
          onClick={() => void run()}
        >
          <Calculator aria-hidden="true" size={16} />
          {isRunning ? 'Estimating…' : 'Estimate accruals'}
        </button>
      </div>
      {!isOnline && (
        <p className="notice notice--warning" role="status">
          <WifiOff aria-hidden="true" size={18} />
          The accruals tool and its reports need a network connection.
        </p>
      )}
      {(error ?? list.error) && (
        <p className="error-text" role="alert">
          {error ?? list.error}
        </p>
      )}
      <ActionTable
        caption="Accruals reports"
        columns={REPORT_COLUMNS}
        rows={list.items ?? undefined}
        getKey={(report) => report.blobId}
        emptyText="No accruals reports yet."
        actions={(report) => (
          <>
            <IconButton
              icon={Download}
              label={`Download ${report.fileName}`}
              title="Download"
              isDisabled={busyKey === keyOf(report)}
              onClick={() =>
                void download({
                  key: keyOf(report),
                  path: accrualReportPath(companyId, report),
                  name: report.fileName,
                  companyId,
                })
              }
            />
            <IconButton
              icon={Trash2}
              label={`Delete ${report.fileName}`}
              title="Delete"
              onClick={() => void remove(report)}
            />
          </>
        )}
      />
    </Panel>
  );
}

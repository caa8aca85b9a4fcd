import { useMemo, useState } from 'react';
import { Download } from 'lucide-react';
import { monthlyAccrualPath } from '../../api/billPay';
import { accrualPerDay, isInDateRange } from '../../domain/billPay';
import { monthLabel } from '../../domain/dates';
import type { AccrualListRow } from '../../db/queries/billPay';
import { useFileDownload } from '../../ui/useFileDownload';
import { SelectField } from '../../ui/fields/SelectField';
import type { GridColumnDef } from '../../ui/grid/columns';
import { dateColumn, moneyColumn, numberColumn, textColumn } from '../../ui/grid/columns';
import { AccrualsTool } from './AccrualsTool';
import { DateRangeFields, rangeError } from './DateRangeFields';
import { ExportingGrid } from '../../ui/grid/ExportingGrid';
import { useDefaultRange } from './useDefaultRange';
import { useAccruals } from './useBillPayData';
import '../../ui/billPay.css';

const COLUMNS: readonly GridColumnDef<AccrualListRow>[] = [
  textColumn('accountNumber', 'Account Number', 170),
  textColumn('vendorName', 'Vendor', 200),
  dateColumn('serviceStartPeriod', 'Service Start'),
  dateColumn('serviceEndPeriod', 'Service End'),
  dateColumn('invoiceDate', 'Invoice Date'),
  dateColumn('lastBillReceived', 'Last Bill Received', 150),
  dateColumn('lastBillPaid', 'Last Bill Paid'),
  dateColumn('batchDate', 'Batch Date'),
  moneyColumn('totalMinusAllCategories', 'Total Minus All Categories', 200),
  numberColumn('daysOfService', 'Days Of Service', 140),
  moneyColumn('accrualPerDay', 'Accrual Per Day', 140, (row) =>
    accrualPerDay(row.totalMinusAllCategories, row.daysOfService),
  ),
];

/** What the monthly workbook says offline when it was never downloaded here. */
const ACCRUAL_OFFLINE_MESSAGE =
  'This accrual workbook needs a network connection: it has not been downloaded on this device yet.';

const getRowId = (row: AccrualListRow) => row.id;

/**
 * Accruals (spec 001 §3): the accrual rows of a batch-date range from the device (offline too) with the accrual per
 * day, the monthly accrual workbook (kept on the device once downloaded), and the accruals tool (online).
 */
export function AccrualsTab({ companyId }: { companyId: number }) {
  const rows = useAccruals(companyId);
  const newest = rows?.[0]?.batchDate;
  const [range, setRange] = useDefaultRange(newest);
  const isValid = rangeError(range) === null;
  const shown = useMemo(
    () => (rows && isValid ? rows.filter((row) => isInDateRange(row.batchDate, range.from, range.to)) : []),
    [rows, isValid, range.from, range.to],
  );
  const months = useMemo(() => [...new Set((rows ?? []).map((row) => row.batchDate.slice(0, 7)))], [rows]);
  const [picked, setPicked] = useState<string | null>(null);
  const month = picked !== null && months.includes(picked) ? picked : (months[0] ?? '');
  const { download, busyKey } = useFileDownload(ACCRUAL_OFFLINE_MESSAGE);
  const key = `accruals/${companyId}/${month}.xlsx`;

  return (
    <div className="page">
      <DateRangeFields label="Batch date" value={range} onChange={setRange} />
      <ExportingGrid
        title="Accruals"
        gridName="billPayAccruals"
        companyId={companyId}
        columns={COLUMNS}
        rows={rows === undefined ? undefined : shown}
        getRowId={getRowId}
        emptyText={rows?.length === 0 ? 'No accrual rows on this device.' : 'No accruals in this range.'}
        height={400}
      />
      <section className="panel" aria-labelledby="accrual-month-title">
        <h2 id="accrual-month-title" className="panel__title">
          Monthly accrual workbook
        </h2>
        <div className="billpay-period">
          <SelectField label="Month" value={month} disabled={months.length === 0} onChange={setPicked}>
            {months.length === 0 && <option value="">No batches</option>}
            {months.map((value) => (
              <option key={value} value={value}>
                {monthLabel(value)}
              </option>
            ))}
          </SelectField>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={month === '' || busyKey === key}
            onClick={() =>
              void download({
                key,
                path: monthlyAccrualPath(companyId, Number(month.slice(0, 4)), Number(month.slice(5, 7))),
                name: `Accruals ${month}.xlsx`,
                companyId,
              })
            }
          >
            <Download aria-hidden="true" size={16} />
            Download .xlsx
          </button>
        </div>
      </section>
      <AccrualsTool companyId={companyId} />
    </div>
  );
}

import { useMemo } from 'react';
import type { BillLinesRow } from '../../db/rows';
import type { BillChargeLine, BillUsageLine } from '../../domain/billLines';
import { chargeTotalsByService, usageTotalsByService } from '../../domain/billLines';
import { energyUnitLabel } from '../../domain/bills';
import { EMPTY_CELL_TEXT, formatAmount, formatDay } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { serviceLabel } from '../../domain/serviceTypes';
import { PagedTable } from '../../ui/PagedTable';
import type { PagedTableProps, TableColumn } from '../../ui/PagedTable';
import { Tabs } from '../../ui/Tabs';

type Numbered<T> = T & { key: string };

/** The lines keyed by their place on the bill (lines have no id of their own). */
const numbered = <T,>(lines: readonly T[] | undefined): Numbered<T>[] =>
  lines?.map((line, i) => ({ ...line, key: String(i) })) ?? [];

/** One tab's table: a bill's lines, paged. */
function LinesTable<Row extends { key: string }>(table: Omit<PagedTableProps<Row>, 'getKey'>) {
  return <PagedTable {...table} getKey={(row) => row.key} />;
}

const amount = (value: number | null) => (value === null ? EMPTY_CELL_TEXT : formatAmount(value));
const text = (value: string | null) => (value === null || value.trim() === '' ? EMPTY_CELL_TEXT : value);

const CHARGE_COLUMNS: readonly TableColumn<Numbered<BillChargeLine>>[] = [
  {
    key: 'service',
    header: 'Service Type',
    isRowHeader: true,
    render: (row) => serviceLabel(row.serviceType),
  },
  { key: 'tariff', header: 'Tariff', render: (row) => text(row.tariff) },
  { key: 'class', header: 'Charge Classification', render: (row) => text(row.chargeClassification) },
  { key: 'description', header: 'Description', render: (row) => text(row.description) },
  { key: 'amount', header: 'Amount', isNumeric: true, render: (row) => formatCurrency(row.amount) },
];

const USAGE_COLUMNS: readonly TableColumn<Numbered<BillUsageLine>>[] = [
  {
    key: 'service',
    header: 'Service Name',
    isRowHeader: true,
    render: (row) => serviceLabel(row.serviceName),
  },
  { key: 'tariff', header: 'Tariff', render: (row) => text(row.tariff) },
  { key: 'measurement', header: 'Measurement Type', render: (row) => text(row.measurementType) },
  { key: 'unit', header: 'Energy Unit', render: (row) => energyUnitLabel(row.energyUnit) ?? EMPTY_CELL_TEXT },
  { key: 'usage', header: 'Usage', isNumeric: true, render: (row) => formatAmount(row.usageTotal) },
  { key: 'from', header: 'Read From', render: (row) => formatDay(row.readDateFrom) ?? EMPTY_CELL_TEXT },
  { key: 'to', header: 'Read To', render: (row) => formatDay(row.readDateTo) ?? EMPTY_CELL_TEXT },
  { key: 'kw', header: 'kW Max', isNumeric: true, render: (row) => amount(row.kwMax) },
  { key: 'kva', header: 'kVA Max', isNumeric: true, render: (row) => amount(row.kvaMax) },
  { key: 'kvar', header: 'kVAR Sum', isNumeric: true, render: (row) => amount(row.kvarSum) },
];

/** Totals per service under the tables: charges, and usage per unit with its demand figures. */
function ServiceTotals({ lines }: { lines: BillLinesRow }) {
  const charges = useMemo(() => chargeTotalsByService(lines.charges), [lines]);
  const usage = useMemo(() => usageTotalsByService(lines.usages), [lines]);
  return (
    <dl className="facts facts--wide" aria-label="Totals per service">
      {charges.map((total) => (
        <div key={`c-${total.serviceType}`}>
          <dt>{serviceLabel(total.serviceType)} charges</dt>
          <dd>{formatCurrency(total.amount)}</dd>
        </div>
      ))}
      {usage.map((total) => (
        <div key={`u-${total.serviceName}-${total.energyUnit ?? ''}`}>
          <dt>{serviceLabel(total.serviceName)} usage</dt>
          <dd>
            {formatAmount(total.usageTotal)} {energyUnitLabel(total.energyUnit) ?? ''}
            {total.kwMax !== null ? ` · ${formatAmount(total.kwMax)} kW max` : ''}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The bill's charges and usage lines (spec 001 §3 Bill charges, Bill usage; units re-labelled as spec 001 §9 says),
 * with totals per service. Read from the device: the lines sync with the company (docs/architecture.md §14 Bills).
 */
export function BillLinesTables({
  lines,
  isInvoiceMissing,
}: {
  lines: BillLinesRow | null;
  isInvoiceMissing: boolean;
}) {
  const charges = useMemo(() => numbered(lines?.charges), [lines]);
  const usages = useMemo(() => numbered(lines?.usages), [lines]);
  const empty = isInvoiceMissing
    ? 'This bill’s invoice is missing, so it has no lines yet.'
    : 'This bill’s lines are not on this device yet; they arrive with the next sync.';
  return (
    <section className="panel" aria-labelledby="bill-lines-title">
      <h2 id="bill-lines-title" className="panel__title">
        Charges and usage
      </h2>
      <Tabs
        label="Bill lines"
        items={[
          {
            id: 'charges',
            label: `Charges (${charges.length})`,
            content: (
              <LinesTable caption="Charges" columns={CHARGE_COLUMNS} rows={charges} emptyText={empty} />
            ),
          },
          {
            id: 'usage',
            label: `Usage (${usages.length})`,
            content: (
              <LinesTable
                caption="Usage"
                columns={USAGE_COLUMNS}
                rows={usages}
                emptyText={lines ? 'No metered usage on this bill.' : empty}
              />
            ),
          },
        ]}
      />
      {lines && <ServiceTotals lines={lines} />}
    </section>
  );
}

import { useMemo, useState } from 'react';
import { FileX } from 'lucide-react';
import { EMPTY_CELL_TEXT } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { serviceLabel } from '../../domain/serviceTypes';
import { formatDate } from '../../ui/grid/columns';
import { Pagination } from '../../ui/Pagination';
import { Tabs } from '../../ui/Tabs';
import { monthLabel } from './accountFigures';
import type { ChargeRow, UsageRow } from './accountFigures';

const PAGE_SIZE = 12;
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const date = (value: string | null) => (value ? formatDate(value) : EMPTY_CELL_TEXT);

function Missing({ isMissing }: { isMissing: boolean }) {
  return isMissing ? (
    <span className="missing-mark">
      <FileX aria-hidden="true" size={14} /> Missing
    </span>
  ) : (
    <span className="muted">—</span>
  );
}

function usePage<T>(rows: readonly T[]) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  return { page: current, setPage, shown: rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE) };
}

function ChargesTable({ rows, services }: { rows: readonly ChargeRow[]; services: readonly string[] }) {
  const { page, setPage, shown } = usePage(rows);
  if (rows.length === 0) return <p className="muted">No bills for this account on this device.</p>;
  return (
    <>
      <div className="account-table-wrap">
        <table className="account-table">
          <caption className="visually-hidden">Charges by bill month</caption>
          <thead>
            <tr>
              <th scope="col">Bill month</th>
              <th scope="col">Invoice date</th>
              <th scope="col">Due date</th>
              <th scope="col" className="num">
                Total charges
              </th>
              {services.map((service) => (
                <th scope="col" className="num" key={service}>
                  {serviceLabel(service)}
                </th>
              ))}
              <th scope="col" className="num">
                Amount due
              </th>
              <th scope="col">Status</th>
              <th scope="col">Status date</th>
              <th scope="col">Invoice</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.id} data-missing={row.isInvoiceMissing || undefined}>
                <th scope="row">{monthLabel(row.billMonth)}</th>
                <td>{date(row.invoiceDate)}</td>
                <td>{date(row.dueDate)}</td>
                <td className="num">
                  {row.isInvoiceMissing ? EMPTY_CELL_TEXT : formatCurrency(row.totalCharges)}
                </td>
                {services.map((service) => {
                  const amount = row.byService[service];
                  return (
                    <td className="num" key={service}>
                      {amount === undefined ? EMPTY_CELL_TEXT : formatCurrency(amount)}
                    </td>
                  );
                })}
                <td className="num">
                  {row.isInvoiceMissing ? EMPTY_CELL_TEXT : formatCurrency(row.amountDue)}
                </td>
                <td>
                  <span className="bill-status" data-status={(row.status ?? '').toLowerCase()}>
                    {row.status ?? EMPTY_CELL_TEXT}
                  </span>
                </td>
                <td>{date(row.statusDate)}</td>
                <td>
                  <Missing isMissing={row.isInvoiceMissing} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={page}
        total={rows.length}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        label="Charges pages"
      />
    </>
  );
}

function UsageTable({ rows }: { rows: readonly UsageRow[] }) {
  const { page, setPage, shown } = usePage(rows);
  if (rows.length === 0) return <p className="muted">No metered usage on this account’s bills.</p>;
  const value = (n: number | null) => (n === null ? EMPTY_CELL_TEXT : number.format(n));
  return (
    <>
      <div className="account-table-wrap">
        <table className="account-table">
          <caption className="visually-hidden">Usage by bill month</caption>
          <thead>
            <tr>
              <th scope="col">Bill month</th>
              <th scope="col">Service</th>
              <th scope="col" className="num">
                Total usage
              </th>
              <th scope="col">Unit</th>
              <th scope="col" className="num">
                Max kVA
              </th>
              <th scope="col" className="num">
                Max kW
              </th>
              <th scope="col" className="num">
                Total kVAR
              </th>
              <th scope="col">Invoice</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.id} data-missing={row.isInvoiceMissing || undefined}>
                <th scope="row">{monthLabel(row.billMonth)}</th>
                <td>{serviceLabel(row.serviceType)}</td>
                <td className="num">{value(row.totalUsage)}</td>
                <td>{row.energyUnit || EMPTY_CELL_TEXT}</td>
                <td className="num">{value(row.maxKva)}</td>
                <td className="num">{value(row.maxKw)}</td>
                <td className="num">{value(row.totalKvar)}</td>
                <td>
                  <Missing isMissing={row.isInvoiceMissing} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={page}
        total={rows.length}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        label="Usage pages"
      />
    </>
  );
}

/** Charges by bill month and usage, as two tabs; 12 bill months per page, newest first. */
export function AccountBillTables({
  charges,
  usages,
}: {
  charges: readonly ChargeRow[];
  usages: readonly UsageRow[];
}) {
  const services = useMemo(() => {
    const seen = new Set<string>();
    for (const row of charges) for (const service of Object.keys(row.byService)) seen.add(service);
    return [...seen];
  }, [charges]);
  return (
    <section className="panel" aria-labelledby="account-bills">
      <h2 id="account-bills" className="panel__title">
        Bills
      </h2>
      <Tabs
        label="Bill tables"
        items={[
          {
            id: 'charges',
            label: `Charges (${charges.length})`,
            content: <ChargesTable rows={charges} services={services} />,
          },
          { id: 'usage', label: `Usage (${usages.length})`, content: <UsageTable rows={usages} /> },
        ]}
      />
    </section>
  );
}

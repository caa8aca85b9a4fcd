import { useMemo, useState } from 'react';
import { Banknote, CreditCard, Wallet } from 'lucide-react';
import { isInDateRange, paymentMethodLabel, paymentTotalsByMethod } from '../../domain/billPay';
import { formatWhole } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import type { PaymentListRow } from '../../db/queries/billPay';
import type { GridColumnDef } from '../../ui/grid/columns';
import { dateColumn, moneyColumn, textColumn } from '../../ui/grid/columns';
import { KpiCard } from '../../ui/KpiCard';
import { ControlWorkbooks } from './ControlWorkbooks';
import { DateRangeFields, rangeError } from './DateRangeFields';
import { ExportingGrid } from '../../ui/grid/ExportingGrid';
import { PaymentDialog } from './PaymentDialog';
import { useDefaultRange } from './useDefaultRange';
import { usePayments } from './useBillPayData';

const COLUMNS: readonly GridColumnDef<PaymentListRow>[] = [
  dateColumn('paymentDate', 'Payment Date'),
  moneyColumn('amount', 'Amount'),
  textColumn('paymentMethod', 'Payment Method', 150, (row) => paymentMethodLabel(row.paymentMethod)),
  dateColumn('invoiceDate', 'Invoice Date'),
  textColumn('accountNumber', 'Account Number', 170),
  textColumn('vendorName', 'Vendor', 220),
  textColumn('confirmationNumber', 'Confirmation Number', 180),
];

const getRowId = (row: PaymentListRow) => row.id;

/**
 * Payment confirmations of a date range with their totals by method (CHECK, else DIGITAL), from the device; a row
 * opens the payment with its bill's notes; the batches' control workbooks below.
 */
export function PaymentsTab({ companyId }: { companyId: number }) {
  const payments = usePayments(companyId);
  const [opened, setOpened] = useState<PaymentListRow | null>(null);
  const [range, setRange] = useDefaultRange(payments?.[0]?.paymentDate);
  const isValid = rangeError(range) === null;
  const shown = useMemo(
    () =>
      payments && isValid ? payments.filter((p) => isInDateRange(p.paymentDate, range.from, range.to)) : [],
    [payments, isValid, range.from, range.to],
  );
  const totals = useMemo(() => paymentTotalsByMethod(shown), [shown]);
  const money = (n: number) => (payments === undefined ? '…' : formatCurrency(n));
  const count = (n: number, what: string) => `${formatWhole(n)} ${what}${n === 1 ? '' : 's'}`;

  return (
    <div className="page">
      <DateRangeFields label="Payment date" value={range} onChange={setRange} />
      <div className="kpi-grid">
        <KpiCard icon={Wallet} title="Total paid" value={money(totals.total)} isAccent>
          {count(shown.length, 'payment')}
        </KpiCard>
        <KpiCard icon={Banknote} title="CHECK" value={money(totals.check)}>
          {count(totals.checkCount, 'check')}
        </KpiCard>
        <KpiCard icon={CreditCard} title="DIGITAL" value={money(totals.digital)}>
          {count(totals.digitalCount, 'digital payment')}
        </KpiCard>
      </div>
      <ExportingGrid
        title="Payment confirmations"
        gridName="billPayPayments"
        companyId={companyId}
        columns={COLUMNS}
        rows={payments === undefined ? undefined : shown}
        getRowId={getRowId}
        onRowActivate={setOpened}
        emptyText={
          payments?.length === 0 ? 'No payment confirmations on this device.' : 'No payments in this range.'
        }
      />
      <ControlWorkbooks companyId={companyId} />
      <PaymentDialog companyId={companyId} payment={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

import { useMemo } from 'react';
import { Landmark, Link2, Scale, Unlink } from 'lucide-react';
import { depositLedger, isInDateRange, unmatchedAmount } from '../../domain/billPay';
import type { LedgerLine } from '../../domain/billPay';
import { formatWhole } from '../../domain/format';
import { formatCurrency, sumMoney } from '../../domain/money';
import type { ClientDepositRow } from '../../db/rows';
import type { GridColumnDef } from '../../ui/grid/columns';
import { dateColumn, moneyColumn } from '../../ui/grid/columns';
import { KpiCard } from '../../ui/KpiCard';
import { Panel } from '../../ui/Panel';
import { DateRangeFields, rangeError } from './DateRangeFields';
import { ExportingGrid } from '../../ui/grid/ExportingGrid';
import { useDefaultRange } from './useDefaultRange';
import { useDeposits, usePayments } from './useBillPayData';

const DEPOSIT_COLUMNS: readonly GridColumnDef<ClientDepositRow>[] = [
  dateColumn('depositDate', 'Deposit Date'),
  moneyColumn('transactionAmount', 'Transaction Amount', 170),
  moneyColumn('matchedAmount', 'Matched Amount', 160),
  moneyColumn('unmatched', 'Unmatched', undefined, (row) => unmatchedAmount(row)),
];

type LedgerRow = LedgerLine & { id: string };

const LEDGER_COLUMNS: readonly GridColumnDef<LedgerRow>[] = [
  dateColumn('date', 'Date'),
  {
    id: 'entry',
    title: 'Entry',
    kind: 'text',
    width: 200,
    value: (row) => (row.kind === 'deposit' ? 'Deposit' : `Payments (${formatWhole(row.count)})`),
  },
  moneyColumn('amount', 'Amount'),
  moneyColumn('balance', 'Balance'),
];

const depositId = (row: ClientDepositRow) => row.id;
const ledgerId = (row: LedgerRow) => row.id;

/**
 * Client deposits of a date range (deposited, matched, the unmatched remainder) and the running balance of deposits
 * against payments, from the device. The balance runs over every row on the device, so a range starts from the
 * balance carried into it.
 */
export function DepositsTab({ companyId }: { companyId: number }) {
  const deposits = useDeposits(companyId);
  const payments = usePayments(companyId);
  const [range, setRange] = useDefaultRange(deposits?.[0]?.depositDate);
  const isValid = rangeError(range) === null;
  const isLoading = deposits === undefined || payments === undefined;
  const shown = useMemo(
    () =>
      deposits && isValid ? deposits.filter((d) => isInDateRange(d.depositDate, range.from, range.to)) : [],
    [deposits, isValid, range.from, range.to],
  );
  const { ledger, endBalance } = useMemo(() => {
    if (!deposits || !payments || !isValid) return { ledger: [], endBalance: 0 };
    const lines = depositLedger(deposits, payments);
    const upToEnd = lines.filter((line) => range.to === '' || line.date <= range.to);
    return {
      ledger: upToEnd
        .filter((line) => isInDateRange(line.date, range.from, range.to))
        .map((line): LedgerRow => ({ ...line, id: `${line.date}/${line.kind}` }))
        .reverse(),
      endBalance: upToEnd[upToEnd.length - 1]?.balance ?? 0,
    };
  }, [deposits, payments, isValid, range.from, range.to]);
  const deposited = sumMoney(shown.map((d) => d.transactionAmount));
  const matched = sumMoney(shown.map((d) => d.matchedAmount));
  const money = (n: number) => (isLoading ? '…' : formatCurrency(n));

  return (
    <div className="page">
      <DateRangeFields label="Deposit date" value={range} onChange={setRange} />
      <div className="kpi-grid">
        <KpiCard icon={Landmark} title="Deposited" value={money(deposited)} isAccent>
          {`${formatWhole(shown.length)} deposit${shown.length === 1 ? '' : 's'}`}
        </KpiCard>
        <KpiCard icon={Link2} title="Matched" value={money(matched)}>
          matched to bills
        </KpiCard>
        <KpiCard icon={Unlink} title="Unmatched" value={money(sumMoney([deposited, -matched]))}>
          not matched yet
        </KpiCard>
        <KpiCard icon={Scale} title="Balance" value={money(endBalance)}>
          deposits less payments, at the end of the range
        </KpiCard>
      </div>
      <Panel titleId="deposits-title" title="Deposits">
        <ExportingGrid
          title="Client deposits"
          gridName="billPayDeposits"
          companyId={companyId}
          columns={DEPOSIT_COLUMNS}
          rows={deposits === undefined ? undefined : shown}
          getRowId={depositId}
          emptyText={
            deposits?.length === 0 ? 'No client deposits on this device.' : 'No deposits in this range.'
          }
          height={360}
        />
      </Panel>
      <Panel titleId="ledger-title" title="Running balance">
        <ExportingGrid
          title="Deposit balance"
          gridName="billPayLedger"
          companyId={companyId}
          columns={LEDGER_COLUMNS}
          rows={isLoading ? undefined : ledger}
          getRowId={ledgerId}
          emptyText="No deposits or payments in this range."
          height={360}
        />
      </Panel>
    </div>
  );
}

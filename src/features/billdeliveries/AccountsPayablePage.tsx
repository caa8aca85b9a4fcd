import { useMemo, useState } from 'react';
import { AlertTriangle, Building, FileText, Store } from 'lucide-react';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import type { ApListRow, ApPeriod } from '../../domain/accountsPayable';
import { addDays } from '../../domain/dates';
import { formatWhole } from '../../domain/format';
import { Chart } from '../../ui/chart/Chart';
import { KpiCard } from '../../ui/KpiCard';
import { Page } from '../../ui/Page';
import { Panel } from '../../ui/Panel';
import { useSyncSummary } from '../../platform/useAccountsData';
import { ExportingGrid } from '../../ui/grid/ExportingGrid';
import { ApPeriodFields } from './ApPeriodFields';
import type { ApPeriodChoice } from './ApPeriodFields';
import { AP_COLUMNS, AP_GRID } from './apColumns';
import { useApDeliveries, useApFigures, useApFileDays } from './useAccountsPayable';

const getRowId = (row: ApListRow) => row.id;

/** The period a choice names; null while the newest AP file is unknown or the due range is backwards. */
function periodOf(choice: ApPeriodChoice, newest: string | undefined): ApPeriod | null {
  if (choice.kind === 'created') {
    const date = choice.createDate ?? newest;
    return date === undefined ? null : { kind: 'created', date };
  }
  if (choice.dueFrom === '' || choice.dueTo === '' || choice.dueFrom > choice.dueTo) return null;
  return { kind: 'due', from: choice.dueFrom, to: choice.dueTo };
}

/**
 * Accounts payable (`/billdeliveries` and its consultant twin, spec 001 §3): the figures of a period — by the AP
 * file's create date or by due dates — the charges per service group, and the deliveries with export. Read from the
 * synced AP deliveries on the device, so it works offline.
 */
export function AccountsPayablePage() {
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const rows = useApDeliveries(companyId);
  const sync = useSyncSummary(companyId === null ? [] : [companyId]);
  const [choice, setChoice] = useState<ApPeriodChoice>({
    kind: 'created',
    createDate: null,
    dueFrom: '',
    dueTo: '',
  });
  const days = useApFileDays(rows);
  const latest = days?.[0]?.date;
  // The due range starts on the newest AP file's day and runs 30 days, until the user picks dates.
  const shown = useMemo<ApPeriodChoice>(
    () =>
      choice.dueFrom === '' && choice.dueTo === '' && latest !== undefined
        ? { ...choice, dueFrom: latest, dueTo: addDays(latest, 30) }
        : choice,
    [choice, latest],
  );
  const period = useMemo(() => periodOf(shown, latest), [shown, latest]);
  const figures = useApFigures(rows, period);
  const rangeError =
    shown.kind === 'due' && shown.dueFrom !== '' && shown.dueTo !== '' && shown.dueFrom > shown.dueTo
      ? 'The end of the range is before its start.'
      : null;

  if (companyId === null) return null;
  const name = typeof company === 'object' && company !== null ? company.name : null;
  const isLoading = rows === undefined;
  const value = (n: number | undefined) => (n === undefined ? (isLoading ? '…' : '0') : formatWhole(n));
  const emptyText =
    rows !== undefined && rows.length === 0 && !sync?.isSynced
      ? 'AP deliveries appear here once this company is synced to the device.'
      : 'No AP deliveries in this period.';
  const groups = figures?.serviceGroupCharge ?? [];

  return (
    <Page titleId="ap-title" title="Accounts Payable" subtitle={<p className="muted">{name ?? ' '}</p>}>
      <section className="panel" aria-label="Period">
        <ApPeriodFields value={shown} days={days} onChange={setChoice} error={rangeError} />
      </section>

      <div className="kpi-grid">
        <KpiCard icon={FileText} title="Invoices" value={value(figures?.numberOfInvoices)} isAccent>
          delivered in the period
        </KpiCard>
        <KpiCard icon={Building} title="Locations" value={value(figures?.numberOfLocations)}>
          sites with deliveries
        </KpiCard>
        <KpiCard icon={Store} title="Vendors" value={value(figures?.numberOfVendors)}>
          utility vendors billed
        </KpiCard>
        <KpiCard icon={AlertTriangle} title="Penalties" value={value(figures?.numberOfPenalties)}>
          invoices with a late fee
        </KpiCard>
      </div>

      <Chart
        title="Charges by service group"
        type="doughnut"
        labels={groups.map((group) => group.serviceGroup)}
        datasets={[
          {
            label: 'Charges',
            data: groups.map((group) => group.charge),
            pointServiceTypes: groups.map((group) => group.serviceGroup),
          },
        ]}
        valueKind="currency"
        labelTitle="Service group"
        isLoading={isLoading}
        emptyText="No charges in this period"
        headingLevel={2}
      />

      <Panel titleId="ap-list-title" title="Deliveries">
        <ExportingGrid
          title="AP deliveries"
          gridName={AP_GRID}
          companyId={companyId}
          columns={AP_COLUMNS}
          rows={isLoading ? undefined : (figures?.accountsPayableList ?? [])}
          getRowId={getRowId}
          emptyText={emptyText}
        />
      </Panel>
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = AccountsPayablePage;

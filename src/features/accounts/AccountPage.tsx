import { lazy, Suspense, useMemo } from 'react';
import { Pencil } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import type { AccountDetail } from '../../db/queries/accountPages';
import { accountTitle } from '../../domain/accounts';
import { billTotalsRows } from '../../domain/billFigures';
import { monthLabel } from '../../domain/dates';
import { splitServices } from '../../domain/serviceTypes';
import { twelveMonthTotals, latestTwelveMonths } from '../../domain/totals';
import { Chart } from '../../ui/chart/Chart';
import { DetailLoading, RecordMissing } from '../../ui/DetailPage';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { Page } from '../../ui/Page';
import { AccountBillTables } from './AccountBillTables';
import { AccountIntervals } from './AccountIntervals';
import { AccountMeters } from './AccountMeters';
import { AccountInfo, TwelveMonthCards } from './AccountSummary';
import { allMonths, monthlySpendByService } from './accountFigures';
import { useAccountDetail } from '../../platform/useAccountsData';
import { useNicknameEditor } from './useNicknameEditor';
import { useMonthlyDegreeDays } from '../../platform/weather/useMonthlyDegreeDays';
import { DEGREE_DAY_UNIT, degreeDaySeries } from '../../ui/chart/degreeDaySeries';
import './accounts.css';

// Only companies with weatherNormalizationAccess (spec 000) load the Weather panel and its worker.
const AccountWeatherPanel = lazy(async () => ({
  default: (await import('./AccountWeatherPanel')).AccountWeatherPanel,
}));

const NO_MONTHS: readonly string[] = [];

/** A consultant's page names its company; the account must be that company's, or one of its business units'. */
function belongsTo(detail: AccountDetail, companyId: number | null): boolean {
  return detail.account.companyId === companyId || (detail.company?.parentId ?? null) === companyId;
}

/** The single account (`/accounts/{id}` and its consultant twin), read from the local database. */
export function AccountPage() {
  const { id } = useParams();
  const companyId = useCurrentCompanyId();
  const pathTo = useAreaPaths();
  const detail = useAccountDetail(id);
  const editor = useNicknameEditor();

  const figures = useMemo(() => {
    if (!detail) return null;
    const rows = billTotalsRows(detail.bills);
    const months = allMonths(rows);
    const spend = monthlySpendByService(rows, months);
    return {
      months: spend.months,
      totals: twelveMonthTotals(rows),
      window: latestTwelveMonths(rows.map((row) => row.billMonth)),
      labels: spend.months.map(monthLabel),
      datasets: spend.series.map((series) => ({
        label: series.label,
        data: series.data,
        serviceType: series.serviceType,
      })),
    };
  }, [detail]);

  const monthlyDegreeDays = useMonthlyDegreeDays({
    isEnabled: detail?.company?.weatherNormalizationAccess === true,
    companyId: detail?.account.companyId ?? 0,
    state: detail?.location?.state ?? null,
    months: figures?.months ?? NO_MONTHS,
  });
  const degreeDays = useMemo(() => degreeDaySeries(monthlyDegreeDays), [monthlyDegreeDays]);
  const datasets = useMemo(
    () => (figures ? [...figures.datasets, ...degreeDays] : []),
    [figures, degreeDays],
  );

  if (detail === undefined) return <DetailLoading heading="Account" text="Loading the account…" />;
  if (detail === null || !figures || !belongsTo(detail, companyId))
    return (
      <RecordMissing
        companyId={companyId}
        back={{ to: pathTo('accounts'), label: 'Back to accounts' }}
        titles={{ notYet: 'This account is not on this device yet', notHere: 'Account not found' }}
        texts={{
          notYet:
            'This company’s data is still being synced to the device. The account opens here once it arrives, online or offline.',
          notHere:
            'No account with this id is kept on this device for this company. It may have been removed, or belong to another company.',
        }}
      />
    );

  const { account, row } = detail;
  const title = accountTitle(account);
  const services = splitServices(account.services);
  return (
    <Page
      back={{ to: pathTo('accounts'), label: 'Accounts' }}
      titleId="account-title"
      title={
        <>
          {title} <QueuedBadge status={detail.queued[`accounts:${account.id}`]} />
        </>
      }
      subtitle={
        <p className="muted">
          {account.nickname ? `Account ${account.accountNumber} · ` : ''}
          {detail.location?.name ?? 'Unknown location'}
          {row.serviceAddress ? ` · ${row.serviceAddress}` : ''}
        </p>
      }
      actions={
        <button
          type="button"
          className="btn btn--primary"
          onClick={() =>
            editor.open({
              id: account.id,
              accountNumber: account.accountNumber,
              nickname: account.nickname,
            })
          }
        >
          <Pencil aria-hidden="true" size={16} />
          Rename nickname
        </button>
      }
    >
      <div className="card-row card-row--wide-first">
        <AccountInfo detail={detail} />
        <TwelveMonthCards
          charges={figures.totals.charges}
          byService={figures.totals.byService}
          months={figures.window}
        />
      </div>
      <AccountMeters
        accountId={account.id}
        meters={detail.meters}
        queued={detail.queued}
        accountState={row.serviceState}
        defaultService={services[0] ?? 'electric'}
      />
      <Chart
        title="Charges by bill month"
        type="bar"
        labels={figures.labels}
        datasets={datasets}
        valueKind="currency"
        {...(degreeDays.length > 0 ? { secondaryUnit: DEGREE_DAY_UNIT } : {})}
        isLoading={false}
        isStacked
        headingLevel={2}
        height={260}
        emptyText="No bills for this account on this device"
      />
      <AccountIntervals accountId={account.id} />
      {detail.company?.weatherNormalizationAccess ? (
        <Suspense fallback={null}>
          <AccountWeatherPanel
            companyId={account.companyId}
            state={detail.location?.state ?? null}
            bills={detail.bills}
          />
        </Suspense>
      ) : null}
      <AccountBillTables bills={detail.bills} services={account.services} />
      {editor.dialog}
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = AccountPage;

import { useEffect, useMemo, useState } from 'react';
import type { Remote } from 'comlink';
import type { MissingSummary, ReportsApi, ReportValue } from '../../../workers/reports/api';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { downloadBlob } from '../../export/downloadBlob';
import { localToday } from '../../domain/contracts';
import { defaultFilter, parseReportFilter } from '../../domain/reports/filter';
import type { ReportFilter } from '../../domain/reports/filter';
import { NO_DATA_TEXT } from '../../domain/reports/types';
import { EmptyState } from '../../ui/EmptyState';
import { TextField } from '../../ui/fields/TextField';
import { Page } from '../../ui/Page';
import { Panel } from '../../ui/Panel';
import { MissingHeatGrid } from './MissingHeatGrid';
import { ReportPreview } from './ReportPreview';
import { ReportsNav } from './ReportsNav';
import { exportRun, readAllRows } from '../../platform/reportsClient';
import { useCompanySync, useFilterChoices, useReportsWorker } from './useReports';
import './reports.css';

type Found = MissingSummary & { rows: ReportValue[][] };

/** The missing invoices of a range: heat grid and list from the report worker; undefined while they come. */
function useMissing(
  remote: Remote<ReportsApi> | null,
  companyId: number,
  filter: ReportFilter | null,
  stamp: string | undefined,
): Found | undefined {
  const [found, setFound] = useState<{ key: string; value: Found } | null>(null);
  const key = JSON.stringify([filter, stamp]);
  useEffect(() => {
    if (!remote || !filter || stamp === undefined) return undefined;
    let isCurrent = true;
    let runId: number | null = null;
    void (async () => {
      const summary = await remote.missingInvoices({ companyId, filter, today: localToday() });
      runId = summary.run.runId;
      const rows = await readAllRows(remote, summary.run.runId, summary.run.rowCount);
      if (isCurrent) setFound({ key, value: { ...summary, rows } });
    })();
    return () => {
      isCurrent = false;
      if (runId !== null) void remote.release(runId);
    };
  }, [remote, companyId, filter, stamp, key]);
  return found?.key === key ? found.value : undefined;
}

function MissingBody({ companyId }: { companyId: number }) {
  const remote = useReportsWorker();
  const sync = useCompanySync(companyId);
  const choices = useFilterChoices(remote, companyId, sync?.stamp);
  const [edited, setEdited] = useState<ReportFilter | null>(null);
  const [exportProgress, setExportProgress] = useState<number | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const initial = useMemo(
    () => (choices ? defaultFilter(choices.options.lastMonth ?? localToday().slice(0, 7)) : null),
    [choices],
  );
  const filter = edited ?? initial;
  const parsed = filter ? parseReportFilter(filter) : null;
  const valid = parsed?.ok ? parsed.filter : null;
  const found = useMissing(remote, companyId, valid, sync?.stamp);

  if (sync && !sync.isSynced)
    return (
      <EmptyState title="This company is not on this device yet">
        Missing invoices are found in the bills kept on this device, once the company is synced.
      </EmptyState>
    );

  const exportList = async () => {
    if (!remote || !found) return;
    setExportError(null);
    setExportProgress(0);
    try {
      const file = await exportRun(remote, found.run.runId, found.run.title, (fraction) =>
        setExportProgress(Math.round(fraction * 100)),
      );
      downloadBlob(file.blob, file.fileName);
    } catch (error) {
      setExportError(`The export could not be completed. ${error instanceof Error ? error.message : ''}`);
    } finally {
      setExportProgress(null);
    }
  };

  const problems = parsed && !parsed.ok ? parsed.problems : {};
  return (
    <>
      <Panel
        titleId="missing-range-title"
        title="Months"
        aside={
          <p className="muted">
            A bill was expected when the account’s service was billed before and after that month, or the
            month’s invoice is marked missing.
          </p>
        }
      >
        {filter && (
          <div className="reports-filters__range">
            <TextField
              label="From month"
              type="month"
              required
              value={filter.fromMonth}
              error={problems.fromMonth}
              onChange={(fromMonth) => setEdited({ ...filter, fromMonth })}
            />
            <TextField
              label="To month"
              type="month"
              required
              value={filter.toMonth}
              error={problems.toMonth}
              onChange={(toMonth) => setEdited({ ...filter, toMonth })}
            />
          </div>
        )}
      </Panel>
      {valid && !found && (
        <p className="muted" role="status">
          Looking for missing invoices on this device…
        </p>
      )}
      {found && found.run.rowCount === 0 && (
        <p className="notice notice--warning" role="alert">
          {NO_DATA_TEXT}
        </p>
      )}
      {found && found.run.rowCount > 0 && (
        <>
          <MissingHeatGrid months={found.months} rows={found.heat} />
          <ReportPreview
            summary={found.run}
            rows={found.rows}
            isComplete
            companyId={companyId}
            onExport={() => void exportList()}
            exportProgress={exportProgress}
            exportError={exportError}
          />
        </>
      )}
    </>
  );
}

/**
 * Missing invoices (`/reports/missing-invoices`, a page of ours under Reports, spec 001 §2): for each site, account
 * and service, the months a bill was expected and none arrived, as a site × month heat grid and a list with export,
 * computed on the device with the rule the server's getAllSitesMissingBills uses.
 */
export function MissingInvoicesPage() {
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const record = typeof company === 'object' && company !== null ? company : null;
  return (
    <Page
      titleId="missing-title"
      title="Missing invoices"
      subtitle={<p className="muted">{record?.name ?? ' '}</p>}
    >
      <ReportsNav hasEmissions={record?.sustainabilityAccess === true} />
      {companyId !== null && <MissingBody key={companyId} companyId={companyId} />}
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = MissingInvoicesPage;

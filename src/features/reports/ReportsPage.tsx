import { useCallback, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Play, RotateCcw, TriangleAlert } from 'lucide-react';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import type { CompanyRow, ReportFilterRow } from '../../db/rows';
import { localToday } from '../../domain/contracts';
import { defaultFilter, parseReportFilter } from '../../domain/reports/filter';
import type { ReportFilter } from '../../domain/reports/filter';
import { hasWeatherNormalizedOption, isReportTypeOpen } from '../../domain/reports/run';
import { NO_DATA_TEXT, REPORT_TYPES, generatingText, isReportTypeId } from '../../domain/reports/types';
import type { ReportTypeId } from '../../domain/reports/types';
import { sessionAtom } from '../../session/atoms';
import { SelectField } from '../../ui/fields/SelectField';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Panel } from '../../ui/Panel';
import { ProgressBar } from '../../ui/ProgressBar';
import { FilterPanel } from './FilterPanel';
import { ReportPreview } from './ReportPreview';
import { ReportsNav } from './ReportsNav';
import { SavedFilters } from './SavedFilters';
import { useCompanySync, useFilterChoices, useReportsWorker, useSavedFilters } from './useReports';
import { useReportRun } from './useReportRun';
import './reports.css';

/** This month as `YYYY-MM`, the default range's end before any bill is on the device. */
const thisMonth = () => localToday().slice(0, 7);

/** The problem of the month range, as the report engine reads it, or null. */
function rangeProblemOf(filter: ReportFilter): string | null {
  const parsed = parseReportFilter(filter);
  if (parsed.ok) return null;
  return parsed.problems.fromMonth ?? parsed.problems.toMonth ?? null;
}

function ReportsBody({
  companyId,
  company,
  userId,
}: {
  companyId: number;
  company: CompanyRow;
  userId: number;
}) {
  const remote = useReportsWorker();
  const sync = useCompanySync(companyId);
  const choices = useFilterChoices(remote, companyId, sync?.stamp);
  const saved = useSavedFilters(companyId);
  const runner = useReportRun(remote);
  const [reportType, setReportType] = useState<ReportTypeId>('billDetail');
  const [edited, setEdited] = useState<ReportFilter | null>(null);
  const [ranType, setRanType] = useState<ReportTypeId | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const types = useMemo(() => REPORT_TYPES.filter((type) => isReportTypeOpen(type.id, company)), [company]);
  const initial = useMemo(
    () => defaultFilter(choices?.options.lastMonth ?? thisMonth()),
    [choices?.options.lastMonth],
  );
  const filter = edited ?? initial;
  const rangeProblem = rangeProblemOf(filter);
  const state = runner.state;
  const isRunning = state.status === 'running';

  const run = () => {
    if (rangeProblem || !remote) return;
    setRanType(reportType);
    void runner.run({
      companyId,
      reportType,
      filter,
      today: localToday(),
      weatherNormalization: company.weatherNormalizationAccess,
    });
  };
  // Stable, so the memoized SavedFilters does not render again on each progress tick.
  const apply = useCallback(
    (row: ReportFilterRow) => {
      const parsed = parseReportFilter(row.jsonFilter);
      if (!parsed.ok || !isReportTypeId(row.reportType)) {
        setNotice(`The saved filter “${row.name}” cannot be read on this device.`);
        return;
      }
      setNotice(null);
      setReportType(isReportTypeOpen(row.reportType, company) ? row.reportType : 'billDetail');
      setEdited(parsed.filter);
    },
    [company],
  );

  if (sync && !sync.isSynced)
    return (
      <EmptyState
        title={
          sync.isSyncing
            ? 'Downloading this company to the device…'
            : 'This company is not on this device yet'
        }
      >
        Reports run on the data kept on this device. Once the company is synced (online), its reports work
        offline too.
      </EmptyState>
    );

  const description = REPORT_TYPES.find((type) => type.id === reportType)?.description;
  return (
    <div className="reports-layout">
      <SavedFilters
        companyId={companyId}
        userId={userId}
        filters={saved}
        reportType={reportType}
        filter={filter}
        canSave={rangeProblem === null}
        onApply={apply}
      />
      <div className="reports-main">
        <Panel titleId="reports-filter-title" title="Report">
          <div className="reports-type">
            <SelectField
              label="Report type"
              value={reportType}
              onChange={(value) => {
                if (isReportTypeId(value)) setReportType(value);
              }}
              hint={description}
            >
              {types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.label}
                </option>
              ))}
            </SelectField>
          </div>
          {notice && (
            <p className="notice notice--warning" role="alert">
              <TriangleAlert aria-hidden="true" size={16} />
              {notice}
            </p>
          )}
          {choices ? (
            <FilterPanel
              filter={filter}
              onChange={setEdited}
              options={choices.options}
              hasRanking={reportType === 'topSites'}
              hasWeatherNormalized={
                company.weatherNormalizationAccess && hasWeatherNormalizedOption(reportType)
              }
              rangeProblem={rangeProblem}
            />
          ) : (
            <p className="muted" role="status">
              Reading this company’s filters from the device…
            </p>
          )}
          <div className="reports-actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={!remote || rangeProblem !== null || isRunning}
              onClick={run}
            >
              <Play aria-hidden="true" size={16} />
              Run report
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={edited === null}
              onClick={() => setEdited(null)}
            >
              <RotateCcw aria-hidden="true" size={16} />
              Reset filters
            </button>
          </div>
          {isRunning && ranType && (
            <div className="reports-progress" role="status">
              <ProgressBar value={state.progress} label={generatingText(ranType)} />
            </div>
          )}
          {state.status === 'failed' && (
            <p className="error-text" role="alert">
              {state.message}
            </p>
          )}
          {state.status === 'done' && state.summary.rowCount === 0 && (
            <p className="notice notice--warning" role="alert">
              <TriangleAlert aria-hidden="true" size={16} />
              {NO_DATA_TEXT}
              {state.summary.incomplete ? ` ${state.summary.incomplete}` : ''}
            </p>
          )}
        </Panel>
        {state.status === 'done' && state.summary.rowCount > 0 && (
          <ReportPreview
            summary={state.summary}
            rows={state.rows}
            isComplete={state.isComplete}
            companyId={companyId}
            onExport={() => void runner.exportXlsx()}
            exportProgress={runner.exportProgress}
            exportError={runner.exportError}
          />
        )}
      </div>
    </div>
  );
}

/**
 * The Reports page (`/reports` and its consultant twin): choose a report type and filters, run it in the report
 * worker over this device's data (offline too), preview it in the grid and export it to .xlsx; saved filters are
 * synced per user and company.
 */
export function ReportsPage() {
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const userId = useAtomValue(sessionAtom)?.userId;
  const record = typeof company === 'object' && company !== null ? company : null;
  return (
    <Page titleId="reports-title" title="Reports" subtitle={<p className="muted">{record?.name ?? ' '}</p>}>
      <ReportsNav hasEmissions={record?.sustainabilityAccess === true} />
      {record && companyId !== null && userId !== undefined && (
        // Keyed by company: another company's page starts from its own defaults and its own worker rows.
        <ReportsBody key={companyId} companyId={companyId} company={record} userId={userId} />
      )}
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = ReportsPage;

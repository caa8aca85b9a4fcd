import { useState } from 'react';
import type { MissingHeatRow } from '../../../workers/reports/api';
import { monthLabel } from '../../domain/dates';
import { Panel } from '../../ui/Panel';

/** How many sites the grid shows at first; the rest follow on request. */
const FIRST_SITES = 50;

/** A cell's shade: none, one service missing, two, three or more. */
const levelOf = (count: number): string => String(Math.min(count, 3));

/**
 * Sites by month: how many services of a site's accounts miss their bill in each month, sites with the most first.
 * A table, so screen readers read each count with its site and month.
 */
export function MissingHeatGrid({
  months,
  rows,
}: {
  months: readonly string[];
  rows: readonly MissingHeatRow[];
}) {
  const [showsAll, setShowsAll] = useState(false);
  const shown = showsAll ? rows : rows.slice(0, FIRST_SITES);
  return (
    <Panel
      titleId="reports-heat-title"
      title="Sites by month"
      aside={
        <p className="muted">
          {rows.length.toLocaleString('en-US')} sites with missing invoices; each cell counts the services
          missing a bill.
        </p>
      }
    >
      <div
        className="reports-heat"
        tabIndex={0}
        role="region"
        aria-label="Missing invoices by site and month"
      >
        <table className="reports-heat__table">
          <thead>
            <tr>
              <th scope="col" className="reports-heat__site">
                Site
              </th>
              {months.map((month) => (
                <th key={month} scope="col" className="reports-heat__month">
                  {monthLabel(month)}
                </th>
              ))}
              <th scope="col" className="reports-heat__month">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.locationId}>
                <th scope="row" className="reports-heat__site">
                  {row.siteNumber ? `${row.siteNumber} — ${row.siteName}` : row.siteName}
                </th>
                {row.counts.map((count, i) => (
                  <td key={months[i] ?? i} className="reports-heat__cell" data-level={levelOf(count)}>
                    {count > 0 ? count : ''}
                  </td>
                ))}
                <td className="reports-heat__cell reports-heat__cell--total">{row.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > shown.length && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setShowsAll(true)}>
          Show all {rows.length.toLocaleString('en-US')} sites
        </button>
      )}
    </Panel>
  );
}

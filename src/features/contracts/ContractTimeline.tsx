import { useMemo } from 'react';
import { CalendarRange } from 'lucide-react';
import type { ContractListRow } from '../../db/queries/contracts';
import { localToday } from '../../domain/contracts';
import { formatDay } from '../../domain/format';
import { serviceLabel } from '../../domain/serviceTypes';
import { timelineLayout } from './timeline';

type Item = { id: string; serviceType: string; startDate: string; endDate: string; row: ContractListRow };

/**
 * The contract timeline above the grid: one lane per service, a bar per contract from its start to its end in the
 * colour of its status, today marked. Each bar opens its contract.
 */
export function ContractTimeline({
  rows,
  onOpen,
}: {
  rows: readonly ContractListRow[];
  onOpen: (row: ContractListRow) => void;
}) {
  const today = localToday();
  const layout = useMemo(
    () =>
      timelineLayout<Item>(
        rows.map((row) => ({
          id: row.contract.id,
          serviceType: row.contract.serviceType,
          startDate: row.contract.startDate,
          endDate: row.contract.endDate,
          row,
        })),
        today,
      ),
    [rows, today],
  );
  return (
    <section className="panel contracts-timeline" aria-labelledby="contracts-timeline-title">
      <div className="panel__head">
        <h2 id="contracts-timeline-title" className="panel__title">
          <CalendarRange aria-hidden="true" size={18} /> Contract timeline
        </h2>
        <span className="muted">Today: {formatDay(today)}</span>
      </div>
      {layout.lanes.length === 0 ? (
        <p className="muted">No contracts to show.</p>
      ) : (
        <div className="contracts-timeline__chart">
          <div className="contracts-timeline__axis" aria-hidden="true">
            {layout.ticks.map((tick) => (
              <span key={tick.label} className="contracts-timeline__tick" style={{ left: `${tick.at}%` }}>
                {tick.label}
              </span>
            ))}
          </div>
          {layout.lanes.map((lane) => (
            <div
              key={lane.serviceType}
              className="contracts-timeline__lane"
              role="group"
              aria-label={serviceLabel(lane.serviceType)}
            >
              <span className="contracts-timeline__service">{serviceLabel(lane.serviceType)}</span>
              <div className="contracts-timeline__track">
                <span
                  className="contracts-timeline__today"
                  style={{ left: `${layout.todayAt}%` }}
                  aria-hidden="true"
                />
                {lane.rows.map((bars, index) => (
                  <div key={index} className="contracts-timeline__row">
                    {bars.map(({ item, left, width }) => (
                      <button
                        key={item.id}
                        type="button"
                        className="contracts-timeline__bar"
                        data-color={item.row.statusColor}
                        style={{ left: `${left}%`, width: `${width}%` }}
                        title={`${item.row.contract.vendorName}: ${formatDay(item.startDate) ?? ''} – ${formatDay(item.endDate) ?? ''} (${item.row.status})`}
                        aria-label={`${item.row.contract.vendorName}, ${formatDay(item.startDate) ?? ''} to ${formatDay(item.endDate) ?? ''}, ${item.row.status}`}
                        onClick={() => onOpen(item.row)}
                      >
                        <span className="contracts-timeline__label">{item.row.contract.vendorName}</span>
                      </button>
                    ))}
                  </div>
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import type { MeterRow } from '../../db/rows';
import { EMPTY_CELL_TEXT } from '../../domain/format';
import { serviceLabel } from '../../domain/serviceTypes';
import type { OutboxStatus } from '../../domain/sync';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { AddMeterDialog, UpdateEsiIdDialog } from './MeterDialogs';
import '../../ui/table.css';

/** Props of the meters section. */
export type AccountMetersProps = {
  accountId: string;
  meters: readonly MeterRow[];
  /** Queued writes by `meters:{id}`. */
  queued: Readonly<Record<string, OutboxStatus>>;
  accountState: string | null;
  defaultService: string;
};

const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value : EMPTY_CELL_TEXT);

/** The account's meters (number, service, ESI ID, sub-address, service place) with Add meter and per-meter edit. */
export function AccountMeters({
  accountId,
  meters,
  queued,
  accountState,
  defaultService,
}: AccountMetersProps) {
  const [isAdding, setAdding] = useState(false);
  const [editing, setEditing] = useState<MeterRow | null>(null);
  const [isEditOpen, setEditOpen] = useState(false);
  return (
    <section className="panel" aria-labelledby="account-meters">
      <div className="panel__head">
        <h2 id="account-meters" className="panel__title">
          Meters <span className="badge">{meters.length}</span>
        </h2>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" size={16} />
          Add meter
        </button>
      </div>
      {meters.length === 0 ? (
        <p className="muted">
          This account has no meters (unmetered services such as trash or telecom have none).
        </p>
      ) : (
        <div className="data-table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Meter number</th>
                <th scope="col">Service</th>
                <th scope="col">ESI ID</th>
                <th scope="col">Sub-address</th>
                <th scope="col">Service city</th>
                <th scope="col">State</th>
                <th scope="col">Zip</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {meters.map((meter) => (
                <tr key={meter.id}>
                  <th scope="row">
                    {meter.meterNumber} <QueuedBadge status={queued[`meters:${meter.id}`]} />
                  </th>
                  <td>{meter.meterService ? serviceLabel(meter.meterService) : EMPTY_CELL_TEXT}</td>
                  <td className="data-table__mono">{text(meter.esiId)}</td>
                  <td>{text(meter.subAddress)}</td>
                  <td>{text(meter.serviceCity)}</td>
                  <td>{text(meter.serviceState)}</td>
                  <td>{text(meter.serviceZip)}</td>
                  <td className="data-table__actions">
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      aria-label={`Update ESI ID / sub-address of meter ${meter.meterNumber}`}
                      onClick={() => {
                        setEditing(meter);
                        setEditOpen(true);
                      }}
                    >
                      <Pencil aria-hidden="true" size={15} />
                      ESI ID / sub-address
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddMeterDialog
        isOpen={isAdding}
        onClose={() => setAdding(false)}
        accountId={accountId}
        accountState={accountState}
        defaultService={defaultService}
      />
      <UpdateEsiIdDialog
        isOpen={isEditOpen}
        onClose={() => setEditOpen(false)}
        meter={editing}
        fallbackState={accountState}
      />
    </section>
  );
}

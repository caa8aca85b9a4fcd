import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import type { MeterRow } from '../../db/rows';
import { EMPTY_CELL_TEXT } from '../../domain/format';
import { serviceLabel } from '../../domain/serviceTypes';
import type { OutboxStatus } from '../../domain/sync';
import { ActionTable } from '../../ui/ActionTable';
import type { TableColumn } from '../../ui/ActionTable';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { Panel } from '../../ui/Panel';
import { AddMeterDialog, UpdateEsiIdDialog } from './MeterDialogs';

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

/** The meter columns but its number, which carries the queued badge of the account's writes. */
const METER_COLUMNS: readonly TableColumn<MeterRow>[] = [
  {
    key: 'service',
    header: 'Service',
    render: (meter) => (meter.meterService ? serviceLabel(meter.meterService) : EMPTY_CELL_TEXT),
  },
  { key: 'esiId', header: 'ESI ID', cellClassName: 'data-table__mono', render: (meter) => text(meter.esiId) },
  { key: 'subAddress', header: 'Sub-address', render: (meter) => text(meter.subAddress) },
  { key: 'city', header: 'Service city', render: (meter) => text(meter.serviceCity) },
  { key: 'state', header: 'State', render: (meter) => text(meter.serviceState) },
  { key: 'zip', header: 'Zip', render: (meter) => text(meter.serviceZip) },
];

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
  const columns: readonly TableColumn<MeterRow>[] = [
    {
      key: 'number',
      header: 'Meter number',
      isRowHeader: true,
      render: (meter) => (
        <>
          {meter.meterNumber} <QueuedBadge status={queued[`meters:${meter.id}`]} />
        </>
      ),
    },
    ...METER_COLUMNS,
  ];
  return (
    <Panel
      titleId="account-meters"
      title={
        <>
          Meters <span className="badge">{meters.length}</span>
        </>
      }
      aside={
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" size={16} />
          Add meter
        </button>
      }
    >
      <ActionTable
        columns={columns}
        rows={meters}
        getKey={(meter) => meter.id}
        emptyText="This account has no meters (unmetered services such as trash or telecom have none)."
        actions={(meter) => (
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
        )}
      />
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
    </Panel>
  );
}

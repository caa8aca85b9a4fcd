import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { lastEsPush, pushEsConsumption } from '../../api/energyStar';
import type { EsPush } from '../../api/energyStar';
import type { PushedMeter } from '../../domain/energyStarConsumption';
import { countOf, formatDay, localMoment } from '../../domain/format';
import { serviceLabel } from '../../domain/serviceTypes';
import { useOnline } from '../../platform/useOnline';
import { ActionTable } from '../../ui/ActionTable';
import type { TableColumn } from '../../ui/ActionTable';
import { BusyButton } from '../../ui/BusyButtons';
import { FactList } from '../../ui/Facts';
import { OnlineOnlyNotice } from '../../ui/OnlineOnlyNotice';
import { Panel } from '../../ui/Panel';

const METER_COLUMNS: readonly TableColumn<PushedMeter>[] = [
  {
    key: 'meter',
    header: 'Meter',
    isRowHeader: true,
    render: (meter) => `${meter.meterName} (${meter.meterId})`,
  },
  {
    key: 'type',
    header: 'Type',
    cellClassName: 'energy-star-push__wrap',
    render: (meter) => `${meter.meterType} · ${meter.unitOfMeasure}`,
  },
  {
    key: 'service',
    header: 'Service',
    render: (meter) => (meter.service ? serviceLabel(meter.service) : '—'),
  },
  { key: 'entries', header: 'Entries sent', isNumeric: true, render: (meter) => meter.entries },
  {
    key: 'present',
    header: 'Already there',
    isNumeric: true,
    render: (meter) => meter.alreadyPresent ?? '—',
  },
  {
    key: 'period',
    header: 'Period',
    render: (meter) =>
      meter.startDate && meter.endDate ? `${formatDay(meter.startDate)} – ${formatDay(meter.endDate)}` : '—',
  },
  {
    key: 'result',
    header: 'Result',
    cellClassName: 'energy-star-push__wrap',
    render: (meter) => meter.skipped ?? `Sent in ${countOf(meter.calls, 'call')}`,
  },
];

/**
 * Sends the site's monthly consumption from its bills to its Portfolio Manager property's meters (online only) and
 * shows the last push: when, by whom and what each meter got (docs/architecture.md §14).
 */
export function EsConsumptionPush({ companyId, locationId }: { companyId: number; locationId: string }) {
  const isOnline = useOnline();
  const [push, setPush] = useState<EsPush | null | undefined>(undefined);
  const [isBusy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void lastEsPush(companyId, locationId).then((result) => {
      if (isCurrent) setPush(result.ok ? result.data.push : null);
    });
    return () => {
      isCurrent = false;
    };
  }, [companyId, locationId, isOnline]);

  const send = async () => {
    setBusy(true);
    setProblem(null);
    const result = await pushEsConsumption(companyId, locationId);
    setBusy(false);
    if (result.ok) setPush(result.data);
    else setProblem(result.error.message);
  };

  const sent = push ? push.meters.reduce((sum, meter) => sum + meter.entries, 0) : 0;
  return (
    <Panel titleId="es-push-title" title="Consumption sent to Portfolio Manager">
      {isOnline ? null : (
        <OnlineOnlyNotice>
          Sending consumption to Portfolio Manager needs a network connection.
        </OnlineOnlyNotice>
      )}
      <div className="energy-star-push__actions">
        <BusyButton
          kind="secondary"
          isBusy={isBusy}
          busyLabel="Sending…"
          isDisabled={!isOnline}
          onClick={() => void send()}
        >
          <Send size={16} aria-hidden="true" /> Send consumption to Portfolio Manager
        </BusyButton>
      </div>
      {problem ? (
        <p className="error-text" role="alert">
          {problem}
        </p>
      ) : null}
      {push === undefined ? null : push === null ? (
        <p className="muted">No consumption has been sent from this portal yet.</p>
      ) : (
        <>
          <FactList
            facts={[
              { label: 'Last sent', value: localMoment(push.pushedAt), isStrong: true },
              { label: 'By', value: push.pushedBy ?? 'Unknown' },
              {
                label: 'Entries sent',
                value: `${countOf(sent, 'entry', 'entries')} to ${countOf(push.meters.filter((m) => m.entries > 0).length, 'meter')}`,
              },
            ]}
          />
          <ActionTable
            caption="Meters of the Portfolio Manager property"
            columns={METER_COLUMNS}
            rows={push.meters}
            getKey={(meter) => meter.meterId}
            emptyText="The property has no meters."
          />
        </>
      )}
    </Panel>
  );
}

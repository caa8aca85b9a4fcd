// The account page's weather report (docs/architecture.md §14 Weather): computed in the weather worker on the
// bundled station temperatures, plus NOAA's days from the server while online, so it works offline too. Only
// companies with weatherNormalizationAccess start the worker.
import { releaseProxy, wrap } from 'comlink';
import type { Remote } from 'comlink';
import { useEffect, useMemo, useRef, useState } from 'react';
import { get } from '../../api/http';
import type { AuditBill } from '../../domain/billAudits';
import { addDays, stationRequestRange } from '../../domain/weather/degreeDays';
import { type SiteStation, stationForState } from '../../domain/weather/stations';
import { useOnline } from '../../platform/useOnline';
import type { DeviceWeatherReport, WeatherApi } from '../../../workers/weather.worker';

/** NOAA's days of a station as the server sends them. */
interface NoaaDays {
  source: string | null;
  days: [string, number][];
}

export interface AccountWeatherState {
  site: SiteStation | null;
  result: DeviceWeatherReport | null;
  /** The NOAA source the report used besides the bundled days, when the server sent any. */
  noaaSource: string | null;
  isComputing: boolean;
  error: string | null;
}

/** The first read day and the day after the last of the bills, or null without read dates. */
function billSpan(bills: readonly AuditBill[]): { start: string; end: string } | null {
  const starts = bills.flatMap((bill) => (bill.readDateFrom ? [bill.readDateFrom] : [])).sort();
  const ends = bills.flatMap((bill) => (bill.readDateTo ? [bill.readDateTo] : [])).sort();
  const start = starts[0];
  const end = ends.at(-1);
  return start && end ? { start, end } : null;
}

/** The weather report of an account's bills for a baseline year (null: the default one). */
export function useAccountWeather(options: {
  isEnabled: boolean;
  companyId: number;
  state: string | null;
  bills: readonly AuditBill[];
  baselineEnd: string | null;
}): AccountWeatherState {
  const { isEnabled, companyId, state, bills, baselineEnd } = options;
  const site = useMemo(() => (state ? stationForState(state) : null), [state]);
  const isOnline = useOnline();
  const span = useMemo(() => billSpan(bills), [bills]);
  const ghcnId = site?.station.ghcnId ?? null;

  const [noaa, setNoaa] = useState<{ key: string; value: NoaaDays } | null>(null);
  const noaaKey = `${companyId}|${ghcnId ?? ''}|${span?.start ?? ''}|${span?.end ?? ''}`;
  useEffect(() => {
    if (!isEnabled || !isOnline || ghcnId === null || span === null) return;
    let isCurrent = true;
    const range = stationRequestRange(span.start, addDays(span.end, 1));
    const query = `start=${range.start}&end=${range.end}`;
    void get<NoaaDays>(`/companies/${companyId}/weather/stations/${ghcnId}/temperatures?${query}`).then(
      (answer) => {
        if (isCurrent && answer.ok) setNoaa({ key: noaaKey, value: answer.data });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [isEnabled, isOnline, companyId, ghcnId, span, noaaKey]);
  const noaaDays = noaa?.key === noaaKey ? noaa.value : null;

  const remote = useRef<Remote<WeatherApi> | null>(null);
  useEffect(() => {
    if (!isEnabled) return;
    const worker = new Worker(new URL('../../../workers/weather.worker.ts', import.meta.url), {
      type: 'module',
      name: 'weather',
    });
    const api = wrap<WeatherApi>(worker);
    remote.current = api;
    return () => {
      remote.current = null;
      api[releaseProxy]();
      worker.terminate();
    };
  }, [isEnabled]);

  const [computed, setComputed] = useState<{
    key: string;
    result: DeviceWeatherReport | null;
    error: string | null;
  } | null>(null);
  const days = noaaDays?.days;
  const computeKey = `${noaaKey}|${baselineEnd ?? ''}|${days?.length ?? 0}|${bills.length}`;
  useEffect(() => {
    const api = remote.current;
    if (!isEnabled || api === null || ghcnId === null) return;
    let isCurrent = true;
    api
      .report(bills, ghcnId, days ?? [], baselineEnd)
      .then((result) => {
        if (isCurrent) setComputed({ key: computeKey, result, error: null });
      })
      .catch((cause: unknown) => {
        if (isCurrent)
          setComputed({
            key: computeKey,
            result: null,
            error: cause instanceof Error ? cause.message : String(cause),
          });
      });
    return () => {
      isCurrent = false;
    };
  }, [isEnabled, bills, ghcnId, days, baselineEnd, computeKey]);

  const isCurrent = computed?.key === computeKey;
  return {
    site,
    result: computed?.result ?? null,
    noaaSource: (days?.length ?? 0) > 0 ? (noaaDays?.source ?? null) : null,
    isComputing: isEnabled && ghcnId !== null && !isCurrent,
    error: isCurrent ? (computed?.error ?? null) : null,
  };
}

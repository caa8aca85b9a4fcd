// The monthly degree days a site's or an account's chart shows beside usage, for companies with weather
// normalisation only (spec 000 `weatherNormalizationAccess`); otherwise none, and the chart is as it was.
import { useEffect, useState } from 'react';
import { get } from '../../api/http';
import { addMonths } from '../../domain/totals';
import { stationRequestRange } from '../../domain/weather/degreeDays';
import { useOnline } from '../useOnline';
import type { MonthlyDegreeDays } from '../../domain/weather/accountWeather';

/** NOAA's days of a station as the server sends them. */
interface NoaaDays {
  source: string | null;
  days: [string, number][];
}

/** HDD and CDD for `months` ('YYYY-MM', ascending) of a site in `state`. */
export function useMonthlyDegreeDays(options: {
  isEnabled: boolean;
  companyId: number;
  state: string | null;
  months: readonly string[];
}): MonthlyDegreeDays | null {
  const { isEnabled, companyId, state, months } = options;
  const isOnline = useOnline();
  const [result, setResult] = useState<{ key: string; degreeDays: MonthlyDegreeDays | null } | null>(null);
  const first = months[0];
  const last = months.at(-1);
  const key = `${companyId}|${state ?? ''}|${months.join(',')}|${isOnline ? 'online' : 'offline'}`;
  useEffect(() => {
    if (!isEnabled || state === null || first === undefined || last === undefined) return;
    let isCurrent = true;
    void (async () => {
      const { stationMonthlyDegreeDays, stationIdOf } = await import('./stationDegreeDays');
      const ghcnId = stationIdOf(state);
      if (ghcnId === null) return;
      let extraDays: [string, number][] = [];
      if (isOnline) {
        const range = stationRequestRange(`${first}-01`, `${addMonths(last, 1)}-01`);
        const answer = await get<NoaaDays>(
          `/companies/${companyId}/weather/stations/${ghcnId}/temperatures?start=${range.start}&end=${range.end}`,
        );
        if (answer.ok) extraDays = answer.data.days;
      }
      if (isCurrent) setResult({ key, degreeDays: stationMonthlyDegreeDays(ghcnId, extraDays, months) });
    })();
    return () => {
      isCurrent = false;
    };
  }, [isEnabled, companyId, state, first, last, months, isOnline, key]);
  return isEnabled && result?.key === key ? result.degreeDays : null;
}

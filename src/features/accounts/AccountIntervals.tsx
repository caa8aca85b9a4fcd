import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { IntervalMonthRow } from '../../db/rows';
import { monthLabel } from '../../domain/dates';
import { averageHourlyProfile, dailyTotals } from '../../domain/imports/greenButton/intervals';
import { useUserDb } from '../../platform/database';
import { Chart } from '../../ui/chart/Chart';
import { SelectField } from '../../ui/fields/SelectField';
import { Panel } from '../../ui/Panel';

const HOURS = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

/**
 * The account's interval readings from Green Button files (docs/architecture.md §14 Imports), a month at a time: usage
 * per day, and the month's average load by hour of the day. Nothing shows for an account without interval data.
 */
export function AccountIntervals({ accountId }: { accountId: string }) {
  const db = useUserDb();
  const months = useLiveQuery(
    async () =>
      db
        ? db.intervalMonths
            .where('[accountId+month]')
            .between([accountId, ''], [accountId, '\uffff'])
            .toArray()
        : [],
    [db, accountId],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  if (!months || months.length === 0) return null;
  const month: IntervalMonthRow = months.find((one) => one.month === chosen) ?? months[months.length - 1]!;
  const days = dailyTotals(month);
  const step = month.intervalSeconds >= 3600 ? 'hourly' : `${Math.round(month.intervalSeconds / 60)}-minute`;
  return (
    <Panel
      titleId="account-intervals-title"
      title="Interval usage"
      aside={
        <SelectField label="Month" value={month.month} onChange={setChosen}>
          {months.map((one) => (
            <option key={one.month} value={one.month}>
              {monthLabel(one.month)}
            </option>
          ))}
        </SelectField>
      }
    >
      <p className="muted">
        {`${month.serviceType}, ${step} readings from a Green Button file, in ${month.unit}.`}
      </p>
      <Chart
        title={`Usage per day, ${monthLabel(month.month)}`}
        type="bar"
        labels={days.map((day) => String(day.day))}
        datasets={[
          { label: month.serviceType, data: days.map((day) => day.usage), serviceType: month.serviceType },
        ]}
        valueKind="number"
        unit={month.unit}
        labelTitle="Day"
        isLoading={false}
        headingLevel={3}
        height={220}
      />
      <Chart
        title="Average load by hour of the day"
        type="line"
        labels={HOURS}
        datasets={[
          { label: month.serviceType, data: averageHourlyProfile(month), serviceType: month.serviceType },
        ]}
        valueKind="number"
        unit={month.unit}
        labelTitle="Hour"
        isLoading={false}
        headingLevel={3}
        height={220}
      />
    </Panel>
  );
}

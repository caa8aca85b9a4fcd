import type { ContractListRow } from '../../db/queries/contracts';
import { contractStatus } from '../../domain/contracts';
import { STATUS_FILTERS } from './contractColumns';

// A representative days-left value per status, to read each status's colour from the one domain rule.
const SAMPLE_DAYS: Readonly<Record<string, number>> = {
  Expired: 0,
  '< 30 Days Remaining': 1,
  '< 90 Days Remaining': 30,
  '< 180 Days Remaining': 90,
  Active: 180,
};

/**
 * How many contracts are in each status of today, as toggle buttons that filter the page (pressed = filtering),
 * each with the status colour of spec 001 §4.
 */
export function ContractStatusSummary({
  rows,
  selected,
  onSelect,
}: {
  rows: readonly ContractListRow[];
  selected: string;
  onSelect: (status: string) => void;
}) {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  return (
    <div className="contracts-summary" role="group" aria-label="Contracts by status">
      {STATUS_FILTERS.map(({ value, label }) => {
        const isPressed = selected === value;
        const color = contractStatus(SAMPLE_DAYS[value] ?? 0, false).color;
        return (
          <button
            key={value}
            type="button"
            className="contracts-summary__item"
            aria-pressed={isPressed}
            onClick={() => onSelect(isPressed ? '' : value)}
          >
            <span className="status" data-color={color}>
              <span className="status__dot" aria-hidden="true" />
              {label}
            </span>
            <strong className="contracts-summary__count">{counts.get(value) ?? 0}</strong>
          </button>
        );
      })}
    </div>
  );
}

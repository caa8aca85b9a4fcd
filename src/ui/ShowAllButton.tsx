import { formatWhole } from '../domain/format';
import './controls.css';

/** Props of the button under a list cut short. */
export type ShowAllButtonProps = {
  /** Whether the whole list shows. */
  isAll: boolean;
  /** How many items the whole list has. */
  total: number;
  /** How many the cut list shows: with no more than that, there is no button. */
  limit: number;
  onToggle: (isAll: boolean) => void;
};

/** The button under a list cut at `limit`: 'Show all N', then 'Show fewer' (aria-expanded says which shows). */
export function ShowAllButton({ isAll, total, limit, onToggle }: ShowAllButtonProps) {
  if (total <= limit) return null;
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm"
      onClick={() => onToggle(!isAll)}
      aria-expanded={isAll}
    >
      {isAll ? 'Show fewer' : `Show all ${formatWhole(total)}`}
    </button>
  );
}

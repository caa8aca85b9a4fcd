import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { QuickFilterInput } from '../fields/QuickFilterInput';
import { rowCountText } from './filter';
import '../controls.css';
import './grid.css';

/** Props of a grid's toolbar. */
export type GridToolbarProps = {
  readonly filter: string;
  readonly onFilterChange: (text: string) => void;
  /** Rows shown after filtering, and in all. */
  readonly shownCount: number;
  readonly totalCount: number;
  /** True while the filter's text index is still being built. */
  readonly isFiltering?: boolean;
  /** True while a large grid ranks the column the user sorted by. */
  readonly isSorting?: boolean;
  /** While the rows load there is nothing to count (the grid itself says 'Loading…'). */
  readonly isLoading?: boolean;
  /** The page's own controls (filters, export), then the column chooser. */
  readonly children?: ReactNode;
};

/** The quick filter ('Filter rows'), the row count and the grid's controls. */
export function GridToolbar({
  filter,
  onFilterChange,
  shownCount,
  totalCount,
  isFiltering = false,
  isSorting = false,
  isLoading = false,
  children,
}: GridToolbarProps) {
  return (
    <div className="data-grid__toolbar">
      <div className="data-grid__filter">
        <Search size={16} aria-hidden="true" className="data-grid__filter-icon" />
        <QuickFilterInput
          label="Filter rows"
          value={filter}
          onChange={onFilterChange}
          className="data-grid__filter-input"
        />
      </div>
      <span className="data-grid__row-count" role="status" aria-live="polite">
        {isLoading
          ? ''
          : isFiltering
            ? 'Filtering…'
            : isSorting
              ? 'Sorting…'
              : rowCountText(shownCount, totalCount)}
      </span>
      <div className="data-grid__toolbar-actions">{children}</div>
    </div>
  );
}

import { useId } from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { DEFAULT_PAGE_LINKS, DEFAULT_PAGE_SIZE, pageCount, pageLinks } from '../domain/pagination';
import { IconButton } from './IconButton';
import type { IconButtonProps } from './IconButton';
import './controls.css';
import './pagination.css';

/** Page sizes offered by the optional rows-per-page select. */
export const PAGE_SIZE_OPTIONS: readonly number[] = [10, 25, 50, 100];

/** Props of a pager over `total` rows; pages are 1-based. */
export type PaginationProps = {
  page: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Rows per page (default 10). */
  pageSize?: number;
  /** Shows a rows-per-page select when given. */
  onPageSizeChange?: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
  /** Page links shown at once (default 5). */
  linkCount?: number;
  /** Accessible name of the navigation landmark. */
  label?: string;
  /** Shows "1–10 of 57" (default true). */
  hasSummary?: boolean;
  className?: string;
};

/** One of the pager's steps (first, previous, next, last page): an icon button, off at either end. */
function StepItem(step: Omit<IconButtonProps, 'title' | 'className'>) {
  return (
    <li>
      <IconButton {...step} title={step.label} className="pagination__button" />
    </li>
  );
}

/** Pagination: first / previous / 5 page links / next / last, aria-current on the page shown. */
export function Pagination({
  page,
  total,
  onPageChange,
  pageSize = DEFAULT_PAGE_SIZE,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  linkCount = DEFAULT_PAGE_LINKS,
  label = 'Pagination',
  hasSummary = true,
  className,
}: PaginationProps) {
  const sizeId = useId();
  const pages = pageCount(total, pageSize);
  if (pages === 0) return null;
  const current = Math.min(pages, Math.max(1, Math.floor(page)));
  const isFirstPage = current === 1;
  const isLastPage = current === pages;
  const go = (target: number) => {
    if (target !== current) onPageChange(target);
  };
  const from = (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  const sizes = pageSizeOptions.includes(pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, pageSize].sort((a, b) => a - b);

  return (
    <nav className={className ? `pagination ${className}` : 'pagination'} aria-label={label}>
      {hasSummary && (
        <p className="pagination__summary">
          {from}–{to} of {total}
        </p>
      )}
      <ul className="pagination__list">
        <StepItem label="First page" icon={ChevronsLeft} isDisabled={isFirstPage} onClick={() => go(1)} />
        <StepItem
          label="Previous page"
          icon={ChevronLeft}
          isDisabled={isFirstPage}
          onClick={() => go(current - 1)}
        />
        {pageLinks(current, pages, linkCount).map((n) => (
          <li key={n}>
            <button
              type="button"
              className="pagination__button"
              aria-label={`Page ${n}`}
              aria-current={n === current ? 'page' : undefined}
              onClick={() => go(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <StepItem
          label="Next page"
          icon={ChevronRight}
          isDisabled={isLastPage}
          onClick={() => go(current + 1)}
        />
        <StepItem label="Last page" icon={ChevronsRight} isDisabled={isLastPage} onClick={() => go(pages)} />
      </ul>
      {onPageSizeChange && (
        <div className="pagination__size">
          <label htmlFor={sizeId}>Rows per page</label>
          <select
            id={sizeId}
            className="select select--sm"
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      )}
    </nav>
  );
}

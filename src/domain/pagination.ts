/** Rows per page unless a grid says otherwise (spec 000 §2, 001 §9). */
export const DEFAULT_PAGE_SIZE = 10;

/** Page-number links shown at once (spec 000 §2, 001 §9). */
export const DEFAULT_PAGE_LINKS = 5;

/** Number of pages for `total` rows; a non-positive page size yields no pages rather than Infinity. */
export function pageCount(total: number, size: number = DEFAULT_PAGE_SIZE): number {
  if (!(size > 0) || !(total > 0)) return 0;
  return Math.ceil(total / size);
}

/**
 * The 1-based page numbers to link: up to `shown` consecutive pages around `current`, centred when
 * possible and shifted at either end so the window always stays full.
 */
export function pageLinks(current: number, totalPages: number, shown: number = DEFAULT_PAGE_LINKS): number[] {
  const pages = Number.isFinite(totalPages) ? Math.floor(totalPages) : 0;
  if (pages <= 0) return [];
  const width = Math.min(pages, Math.max(1, Number.isFinite(shown) ? Math.floor(shown) : DEFAULT_PAGE_LINKS));
  const page = Math.min(pages, Math.max(1, Number.isFinite(current) ? Math.floor(current) : 1));
  const centredStart = page - Math.floor((width - 1) / 2);
  const start = Math.min(pages - width + 1, Math.max(1, centredStart));
  return Array.from({ length: width }, (_, i) => start + i);
}

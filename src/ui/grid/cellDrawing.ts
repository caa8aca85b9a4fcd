// Canvas drawing on top of glide's text cells: text too long for its column ends in '…' (glide itself cuts it
// off mid-letter), and links in the row under the pointer are underlined. The full text shows in the tooltip.
import { GridCellKind, getMiddleCenterBias, measureTextCached } from '@glideapps/glide-data-grid';
import type { DrawCellCallback, Theme } from '@glideapps/glide-data-grid';

const ELLIPSIS = '…';
// No glyph of the grid's font is wider than its size: text this short needs no measuring.
const MAX_GLYPH_WIDTH_PX = 15;
const CACHE_LIMIT = 5000;
const ellipsized = new Map<string, string>();

/** The longest start of `text` that fits `width` with '…' appended (binary search on the length). */
function ellipsize(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  const cacheKey = `${ctx.font}|${width}|${text}`;
  const known = ellipsized.get(cacheKey);
  if (known !== undefined) return known;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (ctx.measureText(text.slice(0, middle) + ELLIPSIS).width <= width) low = middle;
    else high = middle - 1;
  }
  const result = text.slice(0, low).trimEnd() + ELLIPSIS;
  // A full cache is dropped whole: cheaper than tracking use, and scrolling refills it with what is on screen.
  if (ellipsized.size >= CACHE_LIMIT) ellipsized.clear();
  ellipsized.set(cacheKey, result);
  return result;
}

/** Width left for text in a cell of `cellWidth` pixels. */
export function textSpace(cellWidth: number, theme: Pick<Theme, 'cellHorizontalPadding'>): number {
  return cellWidth - 2 * theme.cellHorizontalPadding;
}

/** Glide's drawCell hook: '…' for overflowing text cells; link cells (`isLink`) of `hoverRow` underlined. */
export function makeDrawCell(
  isLink: (themeOverride: Partial<Theme> | undefined) => boolean,
  hoverRow: number | null,
): DrawCellCallback {
  return (args, drawContent) => {
    const { cell, ctx, rect, theme } = args;
    if (cell.kind !== GridCellKind.Text) {
      drawContent();
      return;
    }
    const text = cell.displayData;
    const space = textSpace(rect.width, theme);
    const link = args.row === hoverRow && isLink(cell.themeOverride);
    if (!link && text.length * MAX_GLYPH_WIDTH_PX <= space) {
      drawContent();
      return;
    }
    const width = measureTextCached(text, ctx, ctx.font).width;
    if (width <= space && !link) {
      drawContent();
      return;
    }
    const shown = width <= space ? text : ellipsize(ctx, text, space);
    const shownWidth = shown === text ? width : ctx.measureText(shown).width;
    const x =
      cell.contentAlign === 'right'
        ? rect.x + rect.width - theme.cellHorizontalPadding - shownWidth
        : rect.x + theme.cellHorizontalPadding;
    const middle = rect.y + rect.height / 2;
    // theme.textDark is the fill glide prepared for this cell (the link colour for links).
    ctx.fillStyle = theme.textDark;
    ctx.fillText(shown, x + 0.5, middle + getMiddleCenterBias(ctx, ctx.font));
    if (link) ctx.fillRect(x + 0.5, Math.round(middle + 8), Math.min(shownWidth, space), 1);
  };
}

let measuringContext: CanvasRenderingContext2D | null | undefined;

/** Whether `text` overflows a cell of `cellWidth` in the grid's font (false where canvas is unavailable). */
export function isTextTruncated(
  text: string,
  cellWidth: number,
  theme: Pick<Theme, 'cellHorizontalPadding' | 'baseFontStyle' | 'fontFamily'>,
): boolean {
  const space = textSpace(cellWidth, theme);
  if (text.length * MAX_GLYPH_WIDTH_PX <= space) return false;
  if (measuringContext === undefined) {
    try {
      measuringContext = document.createElement('canvas').getContext('2d');
    } catch {
      measuringContext = null;
    }
  }
  if (!measuringContext) return false;
  measuringContext.font = `${theme.baseFontStyle} ${theme.fontFamily}`;
  return measuringContext.measureText(text).width > space;
}

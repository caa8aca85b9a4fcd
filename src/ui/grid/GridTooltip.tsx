import { useImperativeHandle, useState } from 'react';
import type { Ref } from 'react';
import { createPortal } from 'react-dom';

/** Where a tooltip points: a cell's box in viewport pixels. */
export type TooltipAnchor = {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
};

/** Shows and hides the tooltip without re-rendering the grid on every pointer move. */
export type GridTooltipHandle = { show: (text: string, anchor: TooltipAnchor) => void; hide: () => void };

const GAP_PX = 4;
const MAX_WIDTH_PX = 420;

/** The full text of a truncated cell, under the cell (above it near the bottom of the window). */
export function GridTooltip({ ref }: { ref: Ref<GridTooltipHandle> }) {
  const [tip, setTip] = useState<{ text: string; anchor: TooltipAnchor } | null>(null);
  useImperativeHandle(
    ref,
    () => ({ show: (text, anchor) => setTip({ text, anchor }), hide: () => setTip(null) }),
    [],
  );
  if (!tip) return null;
  const { anchor } = tip;
  const left = Math.max(GAP_PX, Math.min(anchor.x, window.innerWidth - MAX_WIDTH_PX - GAP_PX));
  const isBelow = anchor.y + anchor.height + 80 < window.innerHeight;
  const style = isBelow
    ? { left, top: anchor.y + anchor.height + GAP_PX, maxWidth: MAX_WIDTH_PX }
    : { left, bottom: window.innerHeight - anchor.y + GAP_PX, maxWidth: MAX_WIDTH_PX };
  // The canvas is not readable by assistive technology; glide's accessibility table carries the full text.
  return createPortal(
    <div className="data-grid-tooltip" role="tooltip" style={style}>
      {tip.text}
    </div>,
    document.body,
  );
}

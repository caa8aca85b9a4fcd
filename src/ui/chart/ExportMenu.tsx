import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { ChevronDown, Download } from 'lucide-react';
import { CHART_EXPORT_FORMATS } from './chartExport';
import type { ChartExportFormat } from './chartExport';

/** Props of the chart's export menu. */
export type ExportMenuProps = {
  /** Called with an available format the user picked; the menu closes first. */
  onSelect: (format: ChartExportFormat) => void;
  /** The format being exported, if any: the button says so and the menu stays shut. */
  busyFormat?: ChartExportFormat | null;
  isDisabled?: boolean;
  /** Accessible name and text of the button (default 'Export chart'). */
  label?: string;
};

/**
 * A menu button (WAI-ARIA menu pattern): PDF, XLSX and PNG, then SVG, JSON, HTML and CSV shown but
 * unavailable (aria-disabled, still focusable, as the pattern recommends so users learn they exist).
 */
export function ExportMenu({
  onSelect,
  busyFormat = null,
  isDisabled = false,
  label = 'Export chart',
}: ExportMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState(0);
  const isBusy = busyFormat !== null;

  useEffect(() => {
    if (isOpen) itemRefs.current[focusIndex]?.focus();
  }, [isOpen, focusIndex]);

  useEffect(() => {
    if (!isOpen) return undefined;
    // A press anywhere outside closes the menu, as a native menu does.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const open = (index: number) => {
    setFocusIndex(index);
    setIsOpen(true);
  };
  const close = (refocus: boolean) => {
    setIsOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 0 : CHART_EXPORT_FORMATS.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = CHART_EXPORT_FORMATS.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const pick = (format: ChartExportFormat, isAvailable: boolean) => {
    if (!isAvailable) return;
    close(true);
    onSelect(format);
  };

  const busyLabel = CHART_EXPORT_FORMATS.find((item) => item.format === busyFormat)?.label;
  return (
    <div className="chart-export" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn--sm btn--secondary"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={label}
        aria-busy={isBusy || undefined}
        disabled={isDisabled || isBusy}
        onClick={() => (isOpen ? close(false) : open(0))}
        onKeyDown={onButtonKeyDown}
      >
        <Download size={15} aria-hidden="true" />
        <span aria-hidden="true">{isBusy ? `Exporting ${busyLabel ?? ''}…` : 'Export'}</span>
        <ChevronDown size={14} aria-hidden="true" />
      </button>
      {isOpen && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className="chart-export__menu"
          onKeyDown={onMenuKeyDown}
        >
          {CHART_EXPORT_FORMATS.map((item, index) => (
            <button
              key={item.format}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={index === focusIndex ? 0 : -1}
              className="chart-export__item"
              aria-disabled={item.isAvailable ? undefined : true}
              onClick={() => pick(item.format, item.isAvailable)}
            >
              <span>{item.label}</span>
              {/* The space keeps the accessible name 'SVG Not available', not 'SVGNot available'. */}
              {!item.isAvailable && (
                <>
                  {' '}
                  <span className="chart-export__note">Not available</span>
                </>
              )}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

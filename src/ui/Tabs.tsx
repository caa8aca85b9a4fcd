import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useBackSteps } from './useBackSteps';
import type { DisclosureItem } from './disclosureItem';
import './tabs.css';

/** One tab: its button label and the panel shown while it is selected. */
export type TabItem = DisclosureItem & { label: ReactNode };

/** Props of a tab set; pass selectedId + onSelect to control it, or defaultSelectedId to let it run itself. */
export type TabsProps = {
  items: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  selectedId?: string;
  defaultSelectedId?: string;
  onSelect?: (id: string) => void;
  /** Opt in to the back stack: each switch is undone by the browser's Back before it navigates. */
  isBackTracked?: boolean;
  /** 'auto' selects on arrow keys (default); 'manual' only moves focus until Enter or Space. */
  activation?: 'auto' | 'manual';
  className?: string;
};

function enabledIds(items: readonly TabItem[]): string[] {
  return items.filter((item) => !item.isDisabled).map((item) => item.id);
}

/** Tabs on the WAI-ARIA pattern: roving tabindex, Left/Right (wrapping), Home and End. */
export function Tabs({
  items,
  label,
  selectedId,
  defaultSelectedId,
  onSelect,
  isBackTracked = false,
  activation = 'auto',
  className,
}: TabsProps) {
  const baseId = useId();
  const [ownSelected, setOwnSelected] = useState(() => defaultSelectedId ?? enabledIds(items)[0] ?? '');
  const requested = selectedId ?? ownSelected;
  const current = items.some((item) => item.id === requested && !item.isDisabled)
    ? requested
    : (enabledIds(items)[0] ?? '');
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const recordStep = useBackSteps(isBackTracked);

  const apply = (id: string) => {
    setOwnSelected(id);
    onSelect?.(id);
  };
  const select = (id: string) => {
    if (id === current) return;
    const previous = current;
    apply(id);
    recordStep(() => apply(previous));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    const ids = enabledIds(items);
    const at = ids.indexOf(id);
    let target: string | undefined;
    if (event.key === 'ArrowRight') target = ids[(at + 1) % ids.length];
    else if (event.key === 'ArrowLeft') target = ids[(at - 1 + ids.length) % ids.length];
    else if (event.key === 'Home') target = ids[0];
    else if (event.key === 'End') target = ids[ids.length - 1];
    else if ((event.key === 'Enter' || event.key === ' ') && activation === 'manual') {
      event.preventDefault();
      select(id);
      return;
    }
    if (target === undefined) return;
    event.preventDefault();
    tabRefs.current.get(target)?.focus();
    if (activation === 'auto') select(target);
  };

  return (
    <div className={className ? `tabs ${className}` : 'tabs'}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className="tabs__list">
        {items.map((item) => {
          const isSelected = item.id === current;
          return (
            <button
              key={item.id}
              ref={(element) => {
                if (element) tabRefs.current.set(item.id, element);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              className="tabs__tab"
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${item.id}`}
              tabIndex={isSelected ? 0 : -1}
              disabled={item.isDisabled}
              onClick={() => select(item.id)}
              onKeyDown={(event) => onKeyDown(event, item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${item.id}`}
          aria-labelledby={`${baseId}-tab-${item.id}`}
          className="tabs__panel"
          tabIndex={0}
          hidden={item.id !== current}
        >
          {item.id === current ? item.content : null}
        </div>
      ))}
    </div>
  );
}

import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import type { DisclosureItem } from './disclosureItem';
import './accordion.css';

/** One section of an accordion: the heading button's title and the content it shows. */
export type AccordionItem = DisclosureItem & { title: ReactNode };

/** Props of an accordion; pass openIds + onOpenChange to control it, or defaultOpenIds to let it run itself. */
export type AccordionProps = {
  items: readonly AccordionItem[];
  /** Allow several sections open at once (default: opening one closes the others). */
  isMultiple?: boolean;
  openIds?: readonly string[];
  defaultOpenIds?: readonly string[];
  onOpenChange?: (openIds: string[]) => void;
  /** Level of the heading that wraps each button (default 3). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
};

/** An accordion on the WAI-ARIA pattern: heading buttons with aria-expanded/aria-controls; Up/Down/Home/End move between them. */
export function Accordion({
  items,
  isMultiple = false,
  openIds,
  defaultOpenIds = [],
  onOpenChange,
  headingLevel = 3,
  className,
}: AccordionProps) {
  const baseId = useId();
  const [ownOpen, setOwnOpen] = useState<readonly string[]>(defaultOpenIds);
  const open = openIds ?? ownOpen;
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const Heading = `h${headingLevel}` as const;

  const toggle = (id: string) => {
    const isOpen = open.includes(id);
    const nextOpen = isOpen ? open.filter((openId) => openId !== id) : isMultiple ? [...open, id] : [id];
    setOwnOpen(nextOpen);
    onOpenChange?.(nextOpen);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    const ids = items.filter((item) => !item.isDisabled).map((item) => item.id);
    const at = ids.indexOf(id);
    const target =
      event.key === 'ArrowDown'
        ? ids[(at + 1) % ids.length]
        : event.key === 'ArrowUp'
          ? ids[(at - 1 + ids.length) % ids.length]
          : event.key === 'Home'
            ? ids[0]
            : event.key === 'End'
              ? ids[ids.length - 1]
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    buttons.current.get(target)?.focus();
  };

  return (
    <div className={className ? `accordion ${className}` : 'accordion'}>
      {items.map((item) => {
        const isOpen = open.includes(item.id);
        const buttonId = `${baseId}-button-${item.id}`;
        const panelId = `${baseId}-panel-${item.id}`;
        return (
          <div key={item.id} className="accordion__item" data-state={isOpen ? 'open' : 'closed'}>
            <Heading className="accordion__heading">
              <button
                ref={(element) => {
                  if (element) buttons.current.set(item.id, element);
                  else buttons.current.delete(item.id);
                }}
                type="button"
                id={buttonId}
                className="accordion__trigger"
                aria-expanded={isOpen}
                aria-controls={panelId}
                disabled={item.isDisabled}
                onClick={() => toggle(item.id)}
                onKeyDown={(event) => onKeyDown(event, item.id)}
              >
                <span className="accordion__title">{item.title}</span>
                <ChevronDown className="accordion__chevron" size={18} aria-hidden="true" />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="accordion__panel"
              hidden={!isOpen}
            >
              {isOpen ? item.content : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}

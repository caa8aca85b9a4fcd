// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion } from '../../src/ui/Accordion';
import type { AccordionItem } from '../../src/ui/Accordion';

afterEach(cleanup);

const items: AccordionItem[] = [
  { id: 'electric', title: 'Electric', content: <p>Electric details</p> },
  { id: 'gas', title: 'Natural Gas', content: <p>Gas details</p> },
  { id: 'water', title: 'Water', content: <p>Water details</p> },
];

const trigger = (name: string) => screen.getByRole('button', { name });

describe('Accordion', () => {
  it('toggles with Enter and Space, wiring aria-expanded and aria-controls', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    const electric = trigger('Electric');
    expect(electric.getAttribute('aria-expanded')).toBe('false');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(electric.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: 'Electric' });
    expect(electric.getAttribute('aria-controls')).toBe(region.id);
    expect(region.textContent).toBe('Electric details');
    await user.keyboard(' ');
    expect(electric.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps one section open unless isMultiple', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Accordion items={items} onOpenChange={onOpenChange} />);
    await user.click(trigger('Electric'));
    await user.click(trigger('Water'));
    expect(trigger('Electric').getAttribute('aria-expanded')).toBe('false');
    expect(onOpenChange).toHaveBeenLastCalledWith(['water']);
    cleanup();
    render(<Accordion items={items} isMultiple />);
    await user.click(trigger('Electric'));
    await user.click(trigger('Water'));
    expect(screen.getAllByRole('region').map((r) => r.textContent)).toEqual([
      'Electric details',
      'Water details',
    ]);
  });

  it('moves between headers with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} headingLevel={4} />);
    expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(3);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(trigger('Natural Gas'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(trigger('Water'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(trigger('Electric'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(trigger('Water'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(trigger('Electric'));
  });
});

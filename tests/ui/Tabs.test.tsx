// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs } from '../../src/ui/Tabs';
import type { TabItem } from '../../src/ui/Tabs';
import { backStackDepth } from '../../src/ui/backStack';

afterEach(cleanup);

const items: TabItem[] = [
  { id: 'charges', label: 'Charges', content: <p>Charges panel</p> },
  { id: 'usage', label: 'Usage', content: <p>Usage panel</p> },
  { id: 'archived', label: 'Archived', content: <p>Archived panel</p>, isDisabled: true },
  { id: 'notes', label: 'Notes', content: <p>Notes panel</p> },
];

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('renders the WAI-ARIA roles and links tabs to panels', () => {
    render(<Tabs label="Location data" items={items} />);
    expect(screen.getByRole('tablist', { name: 'Location data' })).toBeTruthy();
    const panel = screen.getByRole('tabpanel', { name: 'Charges' });
    expect(tab('Charges').getAttribute('aria-selected')).toBe('true');
    expect(tab('Charges').getAttribute('aria-controls')).toBe(panel.id);
    expect(tab('Usage').getAttribute('tabindex')).toBe('-1');
    expect(panel.textContent).toBe('Charges panel');
  });

  it('moves with arrow keys (wrapping, skipping disabled tabs), Home and End', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn<(id: string) => void>();
    render(<Tabs label="Location data" items={items} onSelect={onSelect} />);
    await user.tab();
    expect(document.activeElement).toBe(tab('Charges'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Usage'));
    expect(tab('Usage').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Usage panel');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Notes'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Charges'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Notes'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('Charges'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Notes'));
    expect(onSelect.mock.calls.map(([id]) => id)).toEqual([
      'usage',
      'notes',
      'charges',
      'notes',
      'charges',
      'notes',
    ]);
  });

  it('with manual activation moves focus on arrows and selects on Enter', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Location data" items={items} activation="manual" />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Usage'));
    expect(tab('Charges').getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(tab('Usage').getAttribute('aria-selected')).toBe('true');
  });

  it('follows selectedId when controlled', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [selected, setSelected] = useState('usage');
      return <Tabs label="Location data" items={items} selectedId={selected} onSelect={setSelected} />;
    }
    render(<Controlled />);
    expect(tab('Usage').getAttribute('aria-selected')).toBe('true');
    await user.click(tab('Notes'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Notes panel');
  });

  it('when back-tracked, Back returns to the previous tab before it navigates', async () => {
    const user = userEvent.setup();
    window.history.pushState({ idx: 1 }, '', '/locations/1');
    const { unmount } = render(<Tabs label="Location data" items={items} isBackTracked />);
    await user.click(tab('Usage'));
    await user.click(tab('Notes'));
    expect(backStackDepth()).toBe(2);
    act(() => window.history.back());
    expect(tab('Usage').getAttribute('aria-selected')).toBe('true');
    act(() => window.history.back());
    expect(tab('Charges').getAttribute('aria-selected')).toBe('true');
    expect(backStackDepth()).toBe(0);
    expect(window.location.pathname).toBe('/locations/1');
    await user.click(tab('Usage'));
    unmount();
    expect(backStackDepth()).toBe(0);
    expect(window.history.state).toEqual({ idx: 1 });
  });
});

// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chart } from '../../../src/ui/chart/Chart';
import type { ChartProps } from '../../../src/ui/chart/Chart';

afterEach(cleanup);

/**
 * happy-dom has no 2D canvas (getContext returns null, and chart.js then fails on its first update).
 * This stands in for the browser's context: every drawing call does nothing, text measures 6 px a letter.
 */
function fakeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<PropertyKey, unknown> = { canvas };
  const noop = () => undefined;
  return new Proxy(state, {
    get(target, key) {
      if (key in target) return target[key];
      if (key === 'measureText') return (text: string) => ({ width: text.length * 6 });
      if (key === 'getImageData') return () => ({ data: new Uint8ClampedArray(4) });
      if (key === 'createLinearGradient' || key === 'createRadialGradient')
        return () => ({ addColorStop: noop });
      return noop;
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

const realGetContext = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'getContext');
beforeAll(() => {
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', {
    configurable: true,
    value(this: HTMLCanvasElement) {
      return fakeContext(this);
    },
  });
});
afterAll(() => {
  if (realGetContext) Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', realGetContext);
});

const months = Array.from({ length: 36 }, (_, i) => `M${i + 1}`);
const props: ChartProps = {
  title: 'Spend by service',
  type: 'bar',
  labels: months,
  datasets: [
    { label: 'Electricity', serviceType: 'electric', data: months.map((_, i) => 100 + i) },
    { label: 'Water', serviceType: 'water', data: months.map(() => 50) },
  ],
  valueKind: 'currency',
  isLoading: false,
};

describe('Chart export menu', () => {
  it('lists PDF, XLSX and PNG, then SVG, JSON, HTML and CSV as not available', async () => {
    const user = userEvent.setup();
    render(<Chart {...props} />);
    const button = screen.getByRole('button', { name: 'Export chart' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Export chart' });
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'PDF',
      'XLSX',
      'PNG',
      'SVG Not available',
      'JSON Not available',
      'HTML Not available',
      'CSV Not available',
    ]);
    for (const name of ['PDF', 'XLSX', 'PNG'])
      expect(screen.getByRole('menuitem', { name }).getAttribute('aria-disabled')).toBeNull();
    for (const name of ['SVG', 'JSON', 'HTML', 'CSV']) {
      expect(
        screen.getByRole('menuitem', { name: `${name} Not available` }).getAttribute('aria-disabled'),
      ).toBe('true');
    }
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.textContent).toBe('PDF');
  });

  it('moves with the arrow keys, Home and End, and closes on Escape back to the button', async () => {
    const user = userEvent.setup();
    render(<Chart {...props} />);
    const button = screen.getByRole('button', { name: 'Export chart' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('PDF');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('PNG');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('CSV Not available');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('PDF');
    await user.keyboard('{ArrowUp}{Home}');
    expect(document.activeElement?.textContent).toBe('PDF');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('keeps the menu open when an unavailable format is chosen, and closes on a click outside', async () => {
    const user = userEvent.setup();
    render(<Chart {...props} />);
    await user.click(screen.getByRole('button', { name: 'Export chart' }));
    await user.click(screen.getByRole('menuitem', { name: 'SVG Not available' }));
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('is disabled while loading, with the card marked busy', () => {
    render(<Chart {...props} isLoading />);
    const card = screen.getByRole('region', { name: 'Spend by service' });
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading Spend by service…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export chart' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the empty text when there is nothing to draw', () => {
    render(<Chart {...props} labels={[]} datasets={[]} emptyText="No bills in this period" />);
    expect(screen.getByText('No bills in this period')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Spend by service' }).getAttribute('aria-busy')).toBe('false');
    expect(screen.getByRole('button', { name: 'Export chart' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('Chart scrollbar', () => {
  it('starts at the last 11.75 of 36 points and scrolls', () => {
    render(<Chart {...props} />);
    const slider = screen.getByRole('slider', { name: 'Scroll Spend by service' });
    expect(slider.getAttribute('min')).toBe('-0.5');
    expect(slider.getAttribute('max')).toBe('23.75');
    expect((slider as HTMLInputElement).value).toBe('23.75');
    expect(slider.getAttribute('aria-valuetext')).toBe('M25 to M36');
    fireEvent.change(slider, { target: { value: '-0.5' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('M1 to M12');
  });

  it('is absent with 12 points or fewer, and for doughnuts', () => {
    const { unmount } = render(<Chart {...props} labels={months.slice(0, 12)} />);
    expect(screen.queryByRole('slider')).toBeNull();
    unmount();
    render(<Chart {...props} type="doughnut" />);
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('gives screen readers the numbers as a table', () => {
    render(<Chart {...props} />);
    const table = screen.getByRole('table', { name: 'Spend by service' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(36);
    expect(screen.getByRole('row', { name: 'M1 $100.00 $50.00' })).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Gauge } from 'lucide-react';
import { EmptyState } from '../../src/ui/EmptyState';

afterEach(cleanup);

describe('EmptyState', () => {
  it('announces what is missing as a status, with its heading and what to expect', () => {
    render(
      <EmptyState title="Alerts are not on this device yet">
        Once this company is synced (online), its alerts show here and stay available offline.
      </EmptyState>,
    );
    const status = screen.getByRole('status');
    expect(status.className).toBe('empty-state');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Alerts are not on this device yet' }).className,
    ).toBe('empty-state__title');
    expect(status.querySelector('p')?.textContent).toBe(
      'Once this company is synced (online), its alerts show here and stay available offline.',
    );
    expect(status.querySelectorAll('svg')).toHaveLength(1);
  });

  it('draws the icon it is given instead of the download cloud', () => {
    const { container: withCloud } = render(<EmptyState title="A">a</EmptyState>);
    const cloud = withCloud.querySelector('svg')?.getAttribute('class');
    cleanup();
    const { container } = render(
      <EmptyState title="B" icon={Gauge}>
        b
      </EmptyState>,
    );
    expect(container.querySelector('svg')?.getAttribute('class')).not.toBe(cloud);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});

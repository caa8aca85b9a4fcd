// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { History } from 'lucide-react';
import { IconTitle } from '../../src/ui/IconTitle';
import { Panel } from '../../src/ui/Panel';

afterEach(cleanup);

describe('IconTitle', () => {
  it('names the panel by its text alone, the icon hidden from screen readers', () => {
    render(
      <Panel titleId="history-title" title={<IconTitle icon={History} text="History" />}>
        <p>Entries</p>
      </Panel>,
    );
    const heading = screen.getByRole('heading', { name: 'History' });
    expect(heading.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('region', { name: 'History' })).toBeTruthy();
  });
});

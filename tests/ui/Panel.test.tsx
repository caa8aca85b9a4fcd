// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Panel } from '../../src/ui/Panel';

afterEach(cleanup);

describe('Panel', () => {
  it('is a section named by its title', () => {
    render(
      <Panel titleId="gl-files-title" title="GL files" className="billpay-panel">
        <p>No GL files yet.</p>
      </Panel>,
    );
    const region = screen.getByRole('region', { name: 'GL files' });
    expect(region.className).toBe('panel billpay-panel');
    expect(screen.getByRole('heading', { level: 2 }).className).toBe('panel__title');
    expect(region.querySelector('.panel__head')).toBeNull();
    expect(region.textContent).toContain('No GL files yet.');
  });

  it('sets what stands beside the title in the panel head', () => {
    render(
      <Panel titleId="meters" title="Meters" aside={<button type="button">Add meter</button>}>
        {null}
      </Panel>,
    );
    const head = screen.getByRole('button', { name: 'Add meter' }).parentElement;
    expect(head?.className).toBe('panel__head');
    expect(head?.firstElementChild?.id).toBe('meters');
  });
});

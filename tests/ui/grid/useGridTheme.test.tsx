// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useGridTheme, withOpacity } from '../../../src/ui/grid/useGridTheme';

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('style');
});

function Probe() {
  const theme = useGridTheme();
  return <output aria-label="cell background">{theme.bgCell}</output>;
}

describe('grid theme', () => {
  it('turns hex theme colours into rgba at an opacity', () => {
    expect(withOpacity('#4c9aff', 0.16)).toBe('rgba(76, 154, 255, 0.16)');
    expect(withOpacity('#fff', 0.5)).toBe('rgba(255, 255, 255, 0.5)');
  });

  it('reads the theme variables again when the app switches theme', async () => {
    const root = document.documentElement;
    root.style.setProperty('--surface', '#141e29');
    render(<Probe />);
    const cell = () => screen.getByRole('status', { name: 'cell background' }).textContent;
    expect(cell()).toBe('#141e29');
    await act(async () => {
      root.style.setProperty('--surface', '#ffffff');
      root.setAttribute('data-theme', 'light');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(cell()).toBe('#ffffff');
  });
});

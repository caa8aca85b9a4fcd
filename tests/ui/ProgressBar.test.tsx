// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ProgressBar } from '../../src/ui/ProgressBar';

afterEach(cleanup);

describe('ProgressBar', () => {
  it.each([
    [42, '42'],
    [-5, '0'],
    [180, '100'],
    [Number.NaN, '0'],
  ])('shows %s as aria-valuenow %s within 0–100', (value, expected) => {
    render(<ProgressBar value={value} label="Upload" />);
    const bar = screen.getByRole('progressbar', { name: 'Upload' });
    expect(bar.getAttribute('aria-valuenow')).toBe(expected);
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe(`${expected}%`);
    expect(bar.querySelector<HTMLElement>('.progress__fill')?.style.width).toBe(`${expected}%`);
  });

  it('has a default accessible name without a visible label', () => {
    render(<ProgressBar value={10} hasValueText={false} />);
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SearchSelect } from '../../../src/ui/fields/SearchSelect';
import { SHOWN_CHOICES } from '../../../src/ui/fields/choices';
import type { Choice } from '../../../src/ui/fields/choices';

afterEach(cleanup);

const ACCOUNTS: Choice[] = Array.from({ length: 1000 }, (_, i) => ({
  value: `a${i}`,
  label: `ACC-${String(i).padStart(4, '0')}`,
}));

function Controlled({
  choices,
  onPick,
}: {
  choices: () => readonly Choice[];
  onPick?: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <SearchSelect
      label="Account"
      all="All accounts"
      choices={choices}
      value={value}
      onChange={(next) => {
        setValue(next);
        onPick?.(next);
      }}
    />
  );
}

describe('SearchSelect', () => {
  it('asks for its choices only once the list opens or a value is shown', async () => {
    const choices = vi.fn(() => ACCOUNTS);
    render(<Controlled choices={choices} />);
    const input = screen.getByRole('combobox', { name: 'Account' });
    expect(input).toHaveProperty('value', 'All accounts');
    expect(choices).not.toHaveBeenCalled();
    await userEvent.click(input);
    expect(choices).toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('renders at most SHOWN_CHOICES options and says how many more a search would reach', async () => {
    render(<Controlled choices={() => ACCOUNTS} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Account' }));
    // The "all" choice, then the first matches.
    expect(screen.getAllByRole('option')).toHaveLength(SHOWN_CHOICES + 1);
    expect(screen.getByText(`${1000 - SHOWN_CHOICES} more — search to narrow the list.`)).toBeTruthy();
  });

  it('searches the labels and picks with the keyboard', async () => {
    const onPick = vi.fn();
    render(<Controlled choices={() => ACCOUNTS} onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Account' });
    await userEvent.type(input, '012');
    // ACC-0012 and ACC-0120…ACC-0129.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'ACC-0012',
      ...Array.from({ length: 10 }, (_, i) => `ACC-012${i}`),
    ]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith('a121');
    expect(input).toHaveProperty('value', 'ACC-0121');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('clears with the "all" choice, and Escape closes keeping the choice', async () => {
    const onPick = vi.fn();
    render(<Controlled choices={() => ACCOUNTS} onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Account' });
    await userEvent.type(input, 'ACC-0007');
    await userEvent.click(screen.getByRole('option', { name: 'ACC-0007' }));
    expect(input).toHaveProperty('value', 'ACC-0007');
    await userEvent.click(input);
    await userEvent.type(input, 'zzz');
    expect(screen.getByText('Nothing matches.')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveProperty('value', 'ACC-0007');
    await userEvent.click(input);
    expect(screen.getByRole('option', { name: 'ACC-0007' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('option', { name: 'All accounts' }));
    expect(onPick).toHaveBeenLastCalledWith('');
    expect(input).toHaveProperty('value', 'All accounts');
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Trash2 } from 'lucide-react';
import { IconOnlyButton } from '../../src/ui/IconOnlyButton';

afterEach(cleanup);

describe('IconOnlyButton', () => {
  it('is named by its label alone, shows its icon hidden from screen readers, and runs its action', () => {
    const onClick = vi.fn();
    render(
      <IconOnlyButton icon={Trash2} label="Remove Region" className="btn btn--ghost" onClick={onClick} />,
    );
    const button = screen.getByRole('button', { name: 'Remove Region' });
    expect(button.getAttribute('title')).toBeNull();
    expect(button.className).toBe('btn btn--ghost');
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('can be off', () => {
    render(
      <IconOnlyButton icon={Trash2} label="Remove" className="btn" isDisabled onClick={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Remove' }).hasAttribute('disabled')).toBe(true);
  });
});

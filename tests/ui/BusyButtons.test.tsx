// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BusyButton, CancelAndBusyButton } from '../../src/ui/BusyButtons';

afterEach(cleanup);

describe('BusyButton', () => {
  it('is off, busy and says so while its action runs', () => {
    const { rerender } = render(
      <BusyButton isBusy={false} busyLabel="Saving…">
        Save
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    rerender(
      <BusyButton isBusy busyLabel="Saving…">
        Save
      </BusyButton>,
    );
    expect(button.textContent).toBe('Saving…');
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});

describe('CancelAndBusyButton', () => {
  it('cancels, or runs the action unless it is off', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const onClick = vi.fn();
    render(
      <CancelAndBusyButton onCancel={onCancel} kind="danger" isBusy={false} isDisabled onClick={onClick}>
        Delete
      </CancelAndBusyButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Delete' }).className).toBe('btn btn--danger');
    expect(onClick).not.toHaveBeenCalled();
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormDialog } from '../../src/ui/FormDialog';
import type { FormDialogProps } from '../../src/ui/FormDialog';

afterEach(cleanup);

function renderDialog(props: Partial<FormDialogProps> = {}) {
  const onClose = vi.fn();
  const onSave = props.onSave ?? vi.fn(async () => undefined);
  render(
    <FormDialog isOpen onClose={onClose} title="Rename" {...props} onSave={onSave}>
      <label>
        Name <input data-autofocus />
      </label>
    </FormDialog>,
  );
  return { onClose, onSave };
}

describe('FormDialog', () => {
  it('saves with Save or Enter, showing the saving state meanwhile', async () => {
    const pending: (() => void)[] = [];
    const onSave = vi.fn(() => new Promise<void>((resolve) => pending.push(resolve)));
    renderDialog({ onSave, saveLabel: 'Save tags' });
    expect(screen.getByRole('dialog', { name: 'Rename' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
    const busy = screen.getByRole('button', { name: 'Saving…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    pending.forEach((resolve) => resolve());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save tags' })).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Save tags' }));
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('shows why a save failed and stays open; Cancel closes', async () => {
    const onSave = vi.fn(async () => {
      throw new Error('Location site-1 is not in the local database');
    });
    const { onClose } = renderDialog({ onSave });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Location site-1 is not in the local database',
    );
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Save disabled while the form cannot be saved', async () => {
    const { onSave } = renderDialog({ canSave: false });
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says offline that the change is kept on the device and sent later', () => {
    renderDialog({ isOffline: true, lead: 'Account 4410-22' });
    expect(screen.getByRole('note').textContent).toBe(
      'You are offline: this is saved on this device now and sent when you are back online.',
    );
    expect(screen.getByText('Account 4410-22')).toBeTruthy();
  });

  it('has no offline note online', () => {
    renderDialog();
    expect(screen.queryByRole('note')).toBeNull();
  });
});

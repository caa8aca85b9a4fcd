// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { setAccountNickname } from '../../../src/db/mutations/accounts';
import { AppDb } from '../../../src/db/schema';
import { RenameNicknameDialog } from '../../../src/features/accounts/RenameNicknameDialog';
import { accountRow } from '../../helpers/localRows';

let db: AppDb;
const account = accountRow({
  id: 'a-1',
  locationId: 'l-1',
  accountNumber: '4410-22',
  nickname: 'Old name',
  version: 4,
});

beforeEach(async () => {
  db = new AppDb(`rename-${Math.random()}`, { indexedDB, IDBKeyRange });
  await db.accounts.put(account);
});
afterEach(cleanup);

function renderDialog({ isOnline = true, onClose = vi.fn() } = {}) {
  const onSave = vi.fn(async (id: string, nickname: string) => {
    await setAccountNickname(db, id, nickname);
  });
  render(
    <RenameNicknameDialog
      isOpen
      account={{ id: account.id, accountNumber: account.accountNumber, nickname: account.nickname }}
      onClose={onClose}
      onSave={onSave}
      isOnline={isOnline}
    />,
  );
  return { onSave, onClose };
}

describe('RenameNicknameDialog', () => {
  it('starts from the current nickname, saves through the outbox and closes', async () => {
    const { onSave, onClose } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Rename account' });
    expect(dialog.textContent).toContain('4410-22');
    const field = screen.getByLabelText<HTMLInputElement>('Nickname');
    expect(field.value).toBe('Old name');
    await userEvent.clear(field);
    await userEvent.type(field, '  Main Street store ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith('a-1', '  Main Street store ');
    expect((await db.accounts.get('a-1'))?.nickname).toBe('Main Street store');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      method: 'PUT',
      path: '/api/accounts/nickname/a-1',
      baseVersion: 4,
      status: 'pending',
    });
  });

  it('saves with Enter, and a blank name clears the nickname', async () => {
    const { onClose } = renderDialog();
    const field = screen.getByLabelText('Nickname');
    await userEvent.clear(field);
    await userEvent.type(field, '{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await db.accounts.get('a-1'))?.nickname).toBeNull();
  });

  it('says why a name is too long and saves nothing', async () => {
    const { onSave, onClose } = renderDialog();
    const field = screen.getByLabelText('Nickname');
    await userEvent.clear(field);
    await userEvent.type(field, 'x'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nickname must be at most 100 characters')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel closes without saving', async () => {
    const { onSave, onClose } = renderDialog();
    await userEvent.type(screen.getByLabelText('Nickname'), ' changed');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('tells an offline user the name is kept on the device until the network returns', () => {
    renderDialog({ isOnline: false });
    expect(screen.getByRole('note').textContent).toContain('You are offline');
  });

  it('shows a failed save in the dialog and stays open', async () => {
    const onClose = vi.fn();
    render(
      <RenameNicknameDialog
        isOpen
        account={{ id: 'gone', accountNumber: '1', nickname: null }}
        onClose={onClose}
        onSave={(id, nickname) => setAccountNickname(db, id, nickname).then(() => undefined)}
        isOnline
      />,
    );
    await userEvent.type(screen.getByLabelText('Nickname'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account gone is not in the local database')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

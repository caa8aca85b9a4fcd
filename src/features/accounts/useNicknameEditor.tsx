import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { setAccountNickname } from '../../db/mutations/accounts';
import { useQueuedWriteToast } from '../../ui/useQueuedWriteToast';
import { RenameNicknameDialog } from './RenameNicknameDialog';
import type { NicknameTarget } from './RenameNicknameDialog';

/** The rename action of the accounts pages: `open(account)` shows the dialog rendered by `dialog`. */
export interface NicknameEditor {
  open: (account: NicknameTarget) => void;
  dialog: ReactNode;
}

/**
 * Nickname editing wherever accounts are listed (docs/architecture.md §14): the dialog saves through setAccountNickname (local
 * change and outbox entry in one transaction), which the sync worker sees and sends; offline the write waits in the outbox,
 * and the Sync panel shows it pending, or as a conflict or rejection if the server does not take it.
 */
export function useNicknameEditor(): NicknameEditor {
  const db = useUserDb();
  const isOnline = useOnline();
  const queuedToast = useQueuedWriteToast();
  const [target, setTarget] = useState<NicknameTarget | null>(null);
  const [isOpen, setOpen] = useState(false);

  const open = useCallback((account: NicknameTarget) => {
    setTarget(account);
    setOpen(true);
  }, []);

  const save = useCallback(
    async (accountId: string, nickname: string) => {
      if (!db) throw new Error('You are signed out.');
      await setAccountNickname(db, accountId, nickname);
      queuedToast('Nickname saved');
    },
    [db, queuedToast],
  );

  const dialog = (
    <RenameNicknameDialog
      isOpen={isOpen}
      account={target}
      onClose={() => setOpen(false)}
      onSave={save}
      isOnline={isOnline}
    />
  );
  return { open, dialog };
}

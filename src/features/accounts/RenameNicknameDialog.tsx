import { useState } from 'react';
import { NICKNAME_MAX, nicknameProblem } from '../../domain/accounts';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/fields/TextField';
import { useOpenGeneration } from '../../ui/useOpenGeneration';

/** The account a rename dialog edits. */
export interface NicknameTarget {
  id: string;
  accountNumber: string;
  nickname: string | null;
}

/** Props of the rename dialog. */
export type RenameNicknameDialogProps = {
  isOpen: boolean;
  /** Kept while the dialog closes, so its content does not vanish during the fade. */
  account: NicknameTarget | null;
  onClose: () => void;
  /** Saves the nickname (blank clears it); a rejection shows its message in the dialog. */
  onSave: (accountId: string, nickname: string) => Promise<void>;
  isOnline: boolean;
};

function NicknameForm({
  isOpen,
  account,
  onClose,
  onSave,
  isOnline,
}: RenameNicknameDialogProps & { account: NicknameTarget }) {
  const [value, setValue] = useState(account.nickname ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const save = async () => {
    const found = nicknameProblem(value);
    if (found) {
      setProblem(found);
      return;
    }
    await onSave(account.id, value);
    onClose();
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Rename account"
      lead={
        <>
          Account <strong>{account.accountNumber}</strong>
        </>
      }
      isOffline={!isOnline}
      onSave={save}
    >
      <TextField
        label="Nickname"
        value={value}
        onChange={(next) => {
          setValue(next);
          setProblem(null);
        }}
        error={problem}
        hint="A name your team knows this account by. Leave it blank to remove the nickname."
        maxLength={NICKNAME_MAX + 20}
        autoComplete="off"
        data-autofocus
      />
    </FormDialog>
  );
}

/** 'Rename account': a Nickname field with Save / Cancel; saving goes through the outbox, so it works offline. */
export function RenameNicknameDialog(props: RenameNicknameDialogProps) {
  const { account } = props;
  // Keyed by account and opening, so the field starts from that account's nickname each time the dialog opens.
  const generation = useOpenGeneration(props.isOpen);
  return account && <NicknameForm key={`${account.id}/${generation}`} {...props} account={account} />;
}

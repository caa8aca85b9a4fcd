import { useState } from 'react';
import type { FormEvent } from 'react';
import { CloudOff } from 'lucide-react';
import { NICKNAME_MAX, nicknameProblem } from '../../domain/accounts';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/fields/TextField';

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
  account,
  onClose,
  onSave,
  isOnline,
}: RenameNicknameDialogProps & { account: NicknameTarget }) {
  const [value, setValue] = useState(account.nickname ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nicknameProblem(value);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    try {
      await onSave(account.id, value);
      onClose();
    } catch (caught) {
      setError(
        caught instanceof Error && caught.message ? caught.message : 'The nickname could not be saved.',
      );
      setSaving(false);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="form__lead">
        Account <strong>{account.accountNumber}</strong>
      </p>
      <TextField
        label="Nickname"
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
        error={error}
        hint="A name your team knows this account by. Leave it blank to remove the nickname."
        maxLength={NICKNAME_MAX + 20}
        autoComplete="off"
        data-autofocus
      />
      {!isOnline && (
        <p className="notice notice--warning" role="note">
          <CloudOff aria-hidden="true" size={16} />
          You are offline: the new name is saved on this device now and sent when you are back online.
        </p>
      )}
      <div className="form__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={isSaving}
          aria-busy={isSaving || undefined}
        >
          Save
        </button>
      </div>
    </form>
  );
}

/** 'Rename account': a Nickname field with Save / Cancel; saving goes through the outbox, so it works offline. */
export function RenameNicknameDialog(props: RenameNicknameDialogProps) {
  const { isOpen, account, onClose } = props;
  return (
    <Modal isOpen={isOpen && account !== null} onClose={onClose} title="Rename account" size="sm">
      {/* Keyed by account so the field starts from that account's nickname each time the dialog opens. */}
      {account && <NicknameForm key={account.id} {...props} account={account} />}
    </Modal>
  );
}

import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { CancelAndBusyButton } from './BusyButtons';
import { Modal } from './Modal';
import { OfflineNote } from './OfflineNote';

/** Props of a form in a modal: the caller renders the fields and closes the dialog after a successful save. */
export type FormDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  size?: 'sm' | 'md' | 'lg';
  /** Saves (Save, or Enter in a field). A thrown error's message shows in the dialog, which stays open. */
  onSave: () => Promise<void> | void;
  saveLabel?: string;
  /** False keeps Save disabled: the form is not valid yet (the fields say why). */
  canSave?: boolean;
  /**
   * The save is a synced write that queues on this device: while offline, the dialog says it is kept here and sent
   * when the network returns.
   */
  isOffline?: boolean;
  /** A line above the fields saying what is edited, e.g. "Account 4410-22". */
  lead?: ReactNode;
  children: ReactNode;
};

/**
 * The dialogs that edit data: title, fields, Save / Cancel, the saving state, the error of a failed save, and the
 * offline note of writes that queue on the device. Save is a submit button of the form, so Enter saves.
 */
export function FormDialog({
  isOpen,
  onClose,
  title,
  size = 'sm',
  onSave,
  saveLabel = 'Save',
  canSave = true,
  isOffline = false,
  lead,
  children,
}: FormDialogProps) {
  const formId = useId();
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving || !canSave) return;
    setSaving(true);
    setError(null);
    try {
      await onSave();
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'The change could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      size={size}
      footer={
        <CancelAndBusyButton
          onCancel={onClose}
          type="submit"
          form={formId}
          isBusy={isSaving}
          busyLabel="Saving…"
          isDisabled={!canSave}
        >
          {saveLabel}
        </CancelAndBusyButton>
      }
    >
      <form id={formId} className="form" onSubmit={(event) => void submit(event)} noValidate>
        {lead ? <p className="form__lead">{lead}</p> : null}
        {children}
        {isOffline ? (
          <OfflineNote>
            You are offline: this is saved on this device now and sent when you are back online.
          </OfflineNote>
        ) : null}
        {error ? (
          <p className="error-text form__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

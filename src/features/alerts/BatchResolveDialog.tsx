import { ALERT_NOTE_MAX, alertNoteError } from '../../domain/alerts';
import { FormDialog } from '../../ui/FormDialog';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { useCheckedField } from '../../ui/fields/useCheckedField';
import { useOpenGeneration } from '../../ui/useOpenGeneration';

/** Props of the batch resolve dialog. */
export type BatchResolveDialogProps = {
  isOpen: boolean;
  count: number;
  onClose: () => void;
  /** Queues the batch; a refusal (an alert that cannot be finalized) shows its message in the dialog. */
  onResolve: (note: string) => Promise<void>;
  isOnline: boolean;
};

function ResolveForm({ isOpen, count, onClose, onResolve, isOnline }: BatchResolveDialogProps) {
  const note = useCheckedField('');
  const save = async () => {
    const found = alertNoteError(note.value);
    if (found) {
      note.setProblem(found);
      return;
    }
    await onResolve(note.value);
    onClose();
  };
  const noun = count === 1 ? '1 alert' : `${count} alerts`;
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Resolve alerts"
      size="md"
      lead={
        <>
          One note is written on each of the <strong>{noun}</strong>, and each is closed. All of them are
          resolved together, or none is.
        </>
      }
      saveLabel={`Resolve ${noun}`}
      isOffline={!isOnline}
      onSave={save}
    >
      <TextAreaField label="Note" required {...note.field} maxLength={ALERT_NOTE_MAX + 100} data-autofocus />
    </FormDialog>
  );
}

/** Batch resolve (spec 001 §7 `PUT /alerts/batchResolve?ids`): one note for the selected alerts, queued as one write. */
export function BatchResolveDialog(props: BatchResolveDialogProps) {
  const generation = useOpenGeneration(props.isOpen);
  return <ResolveForm key={generation} {...props} />;
}

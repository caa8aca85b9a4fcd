import { useState } from 'react';
import { BatchRefusedError } from '../../db/mutations/alerts';
import type { RefusedAlert } from '../../db/mutations/alerts';
import { ALERT_NOTE_MAX, alertNoteError } from '../../domain/alerts';
import { FormDialog } from '../../ui/FormDialog';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { useCheckedField } from '../../ui/fields/useCheckedField';
import { useOpenGeneration } from '../../ui/useOpenGeneration';

/** Props of the batch resolve dialog. */
export type BatchResolveDialogProps = {
  isOpen: boolean;
  /** The selected alerts. */
  alertIds: readonly string[];
  onClose: () => void;
  /**
   * Queues the batch of these alerts; a refusal (BatchRefusedError: alerts that cannot be finalized) is shown in the
   * dialog, each refused alert named with its reason, and the others can then be resolved on their own.
   */
  onResolve: (note: string, alertIds: readonly string[]) => Promise<void>;
  isOnline: boolean;
};

const nounOf = (count: number) => (count === 1 ? '1 alert' : `${count} alerts`);

function ResolveForm({ isOpen, alertIds, onClose, onResolve, isOnline }: BatchResolveDialogProps) {
  const note = useCheckedField('');
  const [refused, setRefused] = useState<readonly RefusedAlert[]>([]);
  const refusedIds = new Set(refused.map((alert) => alert.alertId));
  const others = alertIds.filter((id) => !refusedIds.has(id));
  const save = async () => {
    const found = alertNoteError(note.value);
    if (found) {
      note.setProblem(found);
      return;
    }
    if (others.length === 0) throw new Error('None of the selected alerts can be resolved.');
    try {
      await onResolve(note.value, others);
    } catch (error) {
      if (!(error instanceof BatchRefusedError)) throw error;
      setRefused([...refused, ...error.refused]);
      return;
    }
    onClose();
  };
  const noun = nounOf(alertIds.length);
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
      saveLabel={refused.length > 0 ? `Resolve the other ${nounOf(others.length)}` : `Resolve ${noun}`}
      isOffline={!isOnline}
      onSave={save}
    >
      {refused.length > 0 ? (
        <div className="notice notice--warning" role="alert">
          <p>
            {refused.length === 1 ? 'This alert cannot' : `These ${refused.length} alerts cannot`} be
            resolved; none was resolved.
          </p>
          <ul>
            {refused.map((alert) => (
              <li key={alert.alertId}>
                <strong>{alert.label}</strong>: {alert.reason}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <p>You can resolve the other {nounOf(others.length)} with this note.</p>
          ) : null}
        </div>
      ) : null}
      <TextAreaField label="Note" required {...note.field} maxLength={ALERT_NOTE_MAX + 100} data-autofocus />
    </FormDialog>
  );
}

/** Batch resolve (spec 001 §7 `PUT /alerts/batchResolve?ids`): one note for the selected alerts, queued as one write. */
export function BatchResolveDialog(props: BatchResolveDialogProps) {
  const generation = useOpenGeneration(props.isOpen);
  return <ResolveForm key={generation} {...props} />;
}

import { NotebookPen, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { addEsNote, deleteEsNote, updateEsNote } from '../../db/mutations/energyStar';
import type { EnergyStarNoteRow } from '../../db/rows';
import { ES_NOTE_MAX_LENGTH, esNoteProblem } from '../../domain/energyStar';
import { formatDay } from '../../domain/format';
import type { OutboxStatus } from '../../domain/sync';
import { FormDialog } from '../../ui/FormDialog';
import { Panel } from '../../ui/Panel';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { useCheckedField } from '../../ui/fields/useCheckedField';
import { useOpenGeneration } from '../../ui/useOpenGeneration';

type Dialog = { kind: 'edit' | 'delete'; note: EnergyStarNoteRow } | null;

/** A note's buttons, each opening its dialog. */
const NOTE_ACTIONS = [
  { kind: 'edit', label: 'Edit', icon: Pencil },
  { kind: 'delete', label: 'Delete', icon: Trash2 },
] as const;

/** Props of the edit and delete dialogs of one note. */
type NoteFormProps = { note: EnergyStarNoteRow; isOpen: boolean; onClose: () => void };

function NoteEditForm({ note, isOpen, onClose }: NoteFormProps) {
  const db = useUserDb();
  const isOnline = useOnline();
  const text = useCheckedField(note.note);
  const save = async () => {
    if (!db) return;
    const result = await updateEsNote(db, note.id, text.value);
    if (!result.ok) {
      text.setProblem(`The note ${result.problem}`);
      return;
    }
    onClose();
  };
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Edit note"
      size="md"
      isOffline={!isOnline}
      onSave={save}
    >
      <TextAreaField
        label="Note"
        required
        {...text.field}
        maxLength={ES_NOTE_MAX_LENGTH + 200}
        data-autofocus
      />
    </FormDialog>
  );
}

function NoteDeleteForm({ note, isOpen, onClose }: NoteFormProps) {
  const db = useUserDb();
  const isOnline = useOnline();
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Delete note"
      saveLabel="Delete note"
      isOffline={!isOnline}
      onSave={async () => {
        if (db) await deleteEsNote(db, note.id);
        onClose();
      }}
    >
      <p className="energy-star-note__quote">{note.note}</p>
    </FormDialog>
  );
}

/** The site's notes (spec 001 §7): add, edit and delete, each queued through the outbox, offline too. */
export function EsNotes({
  locationId,
  notes,
  queued,
}: {
  locationId: string;
  notes: readonly EnergyStarNoteRow[];
  queued: Readonly<Record<string, OutboxStatus>>;
}) {
  const db = useUserDb();
  const isOnline = useOnline();
  const draft = useCheckedField('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [shown, setShown] = useState<Dialog>(null);
  const generation = useOpenGeneration(dialog !== null);

  const open = (next: Dialog) => {
    setDialog(next);
    if (next) setShown(next);
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const found = esNoteProblem(draft.value);
    if (found || !db) {
      draft.setProblem(found ? `The note ${found}` : null);
      return;
    }
    const result = await addEsNote(db, locationId, draft.value);
    if (result.ok) draft.setValue('');
    else draft.setProblem(`The note ${result.problem}`);
  };

  return (
    <Panel
      titleId="es-notes-title"
      title={
        <>
          <NotebookPen size={18} aria-hidden="true" /> Notes
        </>
      }
    >
      <form className="energy-star-note-form" onSubmit={(event) => void add(event)}>
        <TextAreaField
          label="New note"
          {...draft.field}
          rows={3}
          hint={
            isOnline
              ? undefined
              : 'You are offline: the note is kept on this device and sent when you are back online.'
          }
          maxLength={ES_NOTE_MAX_LENGTH + 200}
        />
        <button type="submit" className="btn btn--primary btn--sm">
          Add note
        </button>
      </form>
      {notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul className="energy-star-notes" aria-label="Notes">
          {notes.map((note) => (
            <li key={note.id} className="energy-star-note">
              <p className="energy-star-note__text">{note.note}</p>
              <div className="energy-star-note__meta">
                <span className="muted">
                  {formatDay(note.createDate)}
                  {note.modifiedAt ? ` · edited ${formatDay(note.modifiedAt) ?? ''}` : ''}
                </span>
                <QueuedBadge status={queued[`energyStarNotes:${note.id}`]} />
                <span className="energy-star-note__actions">
                  {NOTE_ACTIONS.map(({ kind, label, icon: Icon }) => (
                    <button
                      key={kind}
                      type="button"
                      className="btn btn--ghost btn--sm"
                      aria-label={`${label} note: ${note.note.slice(0, 40)}`}
                      onClick={() => open({ kind, note })}
                    >
                      <Icon size={14} aria-hidden="true" /> {label}
                    </button>
                  ))}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {shown?.kind === 'edit' ? (
        <NoteEditForm
          key={`${shown.note.id}/${generation}`}
          note={shown.note}
          isOpen={dialog !== null}
          onClose={() => open(null)}
        />
      ) : null}
      {shown?.kind === 'delete' ? (
        <NoteDeleteForm note={shown.note} isOpen={dialog !== null} onClose={() => open(null)} />
      ) : null}
    </Panel>
  );
}

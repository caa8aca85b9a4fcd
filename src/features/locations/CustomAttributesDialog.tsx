import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { editCustomAttributes } from '../../api/locations';
import { useOnline } from '../../app/useOnline';
import type { CustomAttributeRow } from '../../db/rows';
import { Modal } from '../../ui/Modal';
import { usePopups } from '../../ui/usePopups';
import { sendSyncCommand } from '../../sync/useSyncController';

/** Props of the custom attributes dialog. */
export type CustomAttributesDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  companyId: number;
  attributes: readonly CustomAttributeRow[];
};

interface Draft {
  key: string;
  id?: string;
  attributeName: string;
}

let nextKey = 0;

/**
 * Consultants edit the company's custom attribute columns (names and order) with one online call: it replaces
 * the whole list and removes the values of dropped attributes everywhere, so it is not queued offline.
 */
export function CustomAttributesDialog({
  isOpen,
  onClose,
  companyId,
  attributes,
}: CustomAttributesDialogProps) {
  const isOnline = useOnline();
  const popups = usePopups();
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    attributes.map((row) => ({ key: row.id, id: row.id, attributeName: row.attributeName })),
  );
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const update = (index: number, change: Partial<Draft> | null) =>
    setDrafts((list) =>
      change === null
        ? list.filter((_, i) => i !== index)
        : list.map((draft, i) => (i === index ? { ...draft, ...change } : draft)),
    );
  const move = (index: number, by: number) =>
    setDrafts((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });
  const names = drafts.map((draft) => draft.attributeName.trim().toLowerCase());
  const isValid = names.every((name, index) => name !== '' && names.indexOf(name) === index);

  const save = async () => {
    setSaving(true);
    setError(null);
    const body = drafts.map((draft) =>
      draft.id
        ? { id: draft.id, attributeName: draft.attributeName.trim() }
        : { attributeName: draft.attributeName.trim() },
    );
    const result = await editCustomAttributes(companyId, body);
    setSaving(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    sendSyncCommand({ type: 'syncNow', companyId });
    onClose();
    popups.successPopup(
      'Custom attributes saved',
      'The location grid shows the new columns as soon as they sync.',
    );
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Custom attributes"
      size="md"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!isOnline || !isValid || isSaving}
            onClick={() => void save()}
          >
            {isSaving ? 'Saving…' : 'Save attributes'}
          </button>
        </>
      }
    >
      <p className="muted">
        Extra columns of the locations grid, in this order. Removing one deletes its values at every location.
      </p>
      <ol className="location-attributes">
        {drafts.map((draft, index) => (
          <li key={draft.key}>
            <input
              className="input"
              aria-label={`Attribute ${index + 1} name`}
              value={draft.attributeName}
              maxLength={100}
              aria-invalid={
                draft.attributeName.trim() === '' || names.indexOf(names[index] ?? '') !== index || undefined
              }
              onChange={(event) => update(index, { attributeName: event.target.value })}
            />
            <button
              type="button"
              className="btn btn--ghost btn--icon btn--sm"
              aria-label={`Move ${draft.attributeName || 'attribute'} up`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              <ArrowUp size={16} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--icon btn--sm"
              aria-label={`Move ${draft.attributeName || 'attribute'} down`}
              disabled={index === drafts.length - 1}
              onClick={() => move(index, 1)}
            >
              <ArrowDown size={16} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--icon btn--sm"
              aria-label={`Remove ${draft.attributeName || 'attribute'}`}
              onClick={() => update(index, null)}
            >
              <Trash2 size={16} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => setDrafts([...drafts, { key: `new-${(nextKey += 1)}`, attributeName: '' }])}
      >
        <Plus size={16} aria-hidden="true" /> Add attribute
      </button>
      {isValid ? null : <p className="muted">Every attribute needs a name, and names must differ.</p>}
      {isOnline ? null : (
        <p className="notice notice--warning" role="status">
          You are offline. Editing custom attributes needs a network connection.
        </p>
      )}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}

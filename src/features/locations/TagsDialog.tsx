import { useState } from 'react';
import { associateTags } from '../../api/locations';
import { useOnline } from '../../app/useOnline';
import type { TagRow } from '../../db/rows';
import { Modal } from '../../ui/Modal';
import { usePopups } from '../../ui/usePopups';
import { sendSyncCommand } from '../../sync/useSyncController';

/** The spec's success text after associating tags (first spec document §8). */
export const TAGS_ASSOCIATED = 'Tags associated successfully!';

/** Props of the tags dialog. */
export type TagsDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  companyId: number;
  locationId: string;
  tags: readonly TagRow[];
  /** The tags on the site now. */
  selectedIds: readonly string[];
  /** Called with the saved set, shown until the change feed brings it to the device. */
  onSaved: (tagIds: string[]) => void;
};

/**
 * Chooses the site's tags and saves them with one online call (it replaces several rows at once, which the
 * outbox's one-row writes cannot apply locally); offline it says the network is needed.
 */
export function TagsDialog({
  isOpen,
  onClose,
  companyId,
  locationId,
  tags,
  selectedIds,
  onSaved,
}: TagsDialogProps) {
  const isOnline = useOnline();
  const popups = usePopups();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(selectedIds));
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const save = async () => {
    setSaving(true);
    setError(null);
    const tagIds = tags.filter((tag) => chosen.has(tag.id)).map((tag) => tag.id);
    const result = await associateTags(companyId, locationId, tagIds);
    setSaving(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    onSaved(tagIds);
    sendSyncCommand({ type: 'syncNow', companyId });
    onClose();
    popups.successPopup(TAGS_ASSOCIATED);
  };
  const visible = tags.filter((tag) => tag.isActive || chosen.has(tag.id));
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Location tags"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!isOnline || isSaving}
            onClick={() => void save()}
          >
            {isSaving ? 'Saving…' : 'Save tags'}
          </button>
        </>
      }
    >
      {visible.length === 0 ? (
        <p className="muted">This company has no tags yet.</p>
      ) : (
        <fieldset className="check-list">
          <legend className="visually-hidden">Tags</legend>
          {visible.map((tag) => (
            <label key={tag.id} className="check">
              <input type="checkbox" checked={chosen.has(tag.id)} onChange={() => toggle(tag.id)} />
              <span>{tag.text}</span>
              {tag.isActive ? null : <span className="muted"> (inactive)</span>}
            </label>
          ))}
        </fieldset>
      )}
      {isOnline ? null : (
        <p className="notice notice--warning" role="status">
          You are offline. Saving tags needs a network connection.
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

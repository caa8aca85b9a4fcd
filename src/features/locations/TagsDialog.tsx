import { useState } from 'react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { setSiteTags } from '../../db/mutations/locations';
import type { TagRow } from '../../db/rows';
import { FormDialog } from '../../ui/FormDialog';
import { usePopups } from '../../ui/usePopups';

/** The spec's success text after associating tags (first spec document §8). */
export const TAGS_ASSOCIATED = 'Tags associated successfully!';

/** Props of the tags dialog. */
export type TagsDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  locationId: string;
  tags: readonly TagRow[];
  /** The tags on the site now. */
  selectedIds: readonly string[];
};

function sameSet(a: ReadonlySet<string>, b: readonly string[]): boolean {
  return a.size === new Set(b).size && b.every((id) => a.has(id));
}

/**
 * Chooses the site's tags. Saving is one synced write of the whole set (src/db/mutations/locations.ts): the page
 * shows it at once, offline too, and the worker sends it when the network allows.
 */
export function TagsDialog({ isOpen, onClose, locationId, tags, selectedIds }: TagsDialogProps) {
  const db = useUserDb();
  const isOnline = useOnline();
  const popups = usePopups();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(selectedIds));
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const save = async () => {
    if (!db) throw new Error('You are signed out.');
    // Saving the set the site has already would only queue a write that changes nothing.
    if (!sameSet(chosen, selectedIds))
      await setSiteTags(
        db,
        locationId,
        tags.filter((tag) => chosen.has(tag.id)).map((tag) => tag.id),
      );
    onClose();
    popups.successPopup(TAGS_ASSOCIATED);
  };
  const visible = tags.filter((tag) => tag.isActive || chosen.has(tag.id));
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Location tags"
      size="md"
      saveLabel="Save tags"
      onSave={save}
      isOffline={!isOnline}
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
    </FormDialog>
  );
}

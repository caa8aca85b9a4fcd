import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { saveCustomAttributes } from '../../db/mutations/customAttributes';
import type { CustomAttributeRow } from '../../db/rows';
import { FormDialog } from '../../ui/FormDialog';
import { IconButton } from '../../ui/IconButton';
import { usePopups } from '../../ui/usePopups';

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
 * Consultants edit the company's custom attribute columns (names and order). Saving is one synced write of the
 * whole list (src/db/mutations/customAttributes.ts), which also removes the values of dropped attributes
 * everywhere: the grid shows it at once, offline too, and the worker sends it when the network allows.
 */
export function CustomAttributesDialog({
  isOpen,
  onClose,
  companyId,
  attributes,
}: CustomAttributesDialogProps) {
  const db = useUserDb();
  const isOnline = useOnline();
  const popups = usePopups();
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    attributes.map((row) => ({ key: row.id, id: row.id, attributeName: row.attributeName })),
  );
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

  const isUnchanged =
    drafts.length === attributes.length &&
    drafts.every(
      (draft, i) =>
        draft.id === attributes[i]?.id && draft.attributeName.trim() === attributes[i]?.attributeName,
    );

  const save = async () => {
    if (!db) throw new Error('You are signed out.');
    // The list as it is would only queue a write that changes nothing.
    if (!isUnchanged)
      await saveCustomAttributes(
        db,
        companyId,
        drafts.map((draft) => ({
          ...(draft.id ? { id: draft.id } : {}),
          attributeName: draft.attributeName,
        })),
      );
    onClose();
    popups.successPopup('Custom attributes saved', 'The locations grid shows the new columns.');
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Custom attributes"
      size="md"
      saveLabel="Save attributes"
      canSave={isValid}
      onSave={save}
      isOffline={!isOnline}
    >
      <p className="muted">
        Extra columns of the locations grid, in this order. Removing one deletes its values at every location.
      </p>
      <ol className="location-attributes">
        {drafts.map((draft, index) => {
          const name = draft.attributeName || 'attribute';
          return (
            <li key={draft.key}>
              <input
                className="input"
                aria-label={`Attribute ${index + 1} name`}
                value={draft.attributeName}
                maxLength={100}
                aria-invalid={
                  draft.attributeName.trim() === '' ||
                  names.indexOf(names[index] ?? '') !== index ||
                  undefined
                }
                onChange={(event) => update(index, { attributeName: event.target.value })}
              />
              <IconButton
                icon={ArrowUp}
                label={`Move ${name} up`}
                title="Move up"
                isSmall
                isDisabled={index === 0}
                onClick={() => move(index, -1)}
              />
              <IconButton
                icon={ArrowDown}
                label={`Move ${name} down`}
                title="Move down"
                isSmall
                isDisabled={index === drafts.length - 1}
                onClick={() => move(index, 1)}
              />
              <IconButton
                icon={Trash2}
                label={`Remove ${name}`}
                title="Remove"
                isSmall
                onClick={() => update(index, null)}
              />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => setDrafts([...drafts, { key: `new-${(nextKey += 1)}`, attributeName: '' }])}
      >
        <Plus size={16} aria-hidden="true" /> Add attribute
      </button>
      {isValid ? null : <p className="muted">Every attribute needs a name, and names must differ.</p>}
    </FormDialog>
  );
}

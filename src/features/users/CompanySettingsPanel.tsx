import { useState } from 'react';
import type { ReactNode } from 'react';
import type { ApiResult } from '../../api/http';
import type { CompanyRow } from '../../db/rows';
import { sendSyncCommand } from '../../sync/useSyncController';
import { Panel } from '../../ui/Panel';
import { useToasts } from '../../ui/useToasts';

/**
 * A panel of the Users page that saves settings of the company the page is in (online only, super consultants): the
 * fields, a Save and an Undo button, the toast of the answer. The company record is synced, so a saved change reaches
 * its users at their next sync; this device syncs the company at once.
 */
export function CompanySettingsPanel({
  titleId,
  title,
  company,
  isOnline,
  canSave,
  canUndo,
  saveLabel,
  savedToast,
  save,
  undo,
  onChanged,
  children,
}: {
  titleId: string;
  title: string;
  company: CompanyRow;
  isOnline: boolean;
  canSave: boolean;
  canUndo: boolean;
  saveLabel: string;
  /** The title and text of the toast once saved. */
  savedToast: [string, string];
  save: () => Promise<ApiResult<CompanyRow>>;
  undo: () => void;
  onChanged: () => void;
  children: ReactNode;
}) {
  const { toast } = useToasts();
  const [isSaving, setSaving] = useState(false);

  const saveNow = async () => {
    setSaving(true);
    const result = await save();
    setSaving(false);
    if (result.ok) {
      toast(savedToast[0], savedToast[1], { kind: 'success' });
      sendSyncCommand({ type: 'syncNow', companyId: company.id });
    } else toast('Not saved', result.error.message, { kind: 'error' });
    onChanged();
  };

  return (
    <Panel titleId={titleId} title={title}>
      {children}
      <div className="users-flags__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={!isOnline || isSaving || !canSave}
          aria-busy={isSaving || undefined}
          onClick={() => void saveNow()}
        >
          {saveLabel}
        </button>
        <button type="button" className="btn btn--secondary" disabled={!canUndo} onClick={undo}>
          Undo changes
        </button>
      </div>
    </Panel>
  );
}

import { useState } from 'react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { updateOpenCloseRequest } from '../../db/mutations/openClose';
import type { OpenCloseRequestRow } from '../../db/rows';
import type { FieldProblems } from '../../domain/meters';
import type { OpenCloseDetailsInput, OpenCloseField } from '../../domain/openCloseRequest';
import { FormDialog } from '../../ui/FormDialog';
import { useOpenGeneration } from '../../ui/useOpenGeneration';
import { useQueuedWriteToast } from '../../ui/useQueuedWriteToast';
import { DetailFields } from './DetailFields';
import { requestTitle } from './RequestLabels';

/** Props of the edit dialog: the request edited (kept while the dialog fades out). */
export type EditRequestDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  request: OpenCloseRequestRow;
};

function inputOf(request: OpenCloseRequestRow): OpenCloseDetailsInput {
  return {
    turnoverDate: request.turnoverDate ?? '',
    storeOpenDate: request.storeOpenDate ?? '',
    storeCloseDate: request.storeCloseDate ?? '',
    contactName: request.contactName ?? '',
    contactPhone: request.contactPhone ?? '',
    contactEmail: request.contactEmail ?? '',
  };
}

function EditForm({ isOpen, onClose, request }: EditRequestDialogProps) {
  const db = useUserDb();
  const isOnline = useOnline();
  const queuedToast = useQueuedWriteToast();
  const [input, setInput] = useState(() => inputOf(request));
  const [problems, setProblems] = useState<FieldProblems<OpenCloseField | 'id'>>({});
  const save = async () => {
    if (!db) throw new Error('You are signed out.');
    const result = await updateOpenCloseRequest(db, request.id, input);
    if (!result.ok) {
      setProblems(result.problems);
      if (result.problems.id) throw new Error(`This request ${result.problems.id}.`);
      return;
    }
    queuedToast('Request updated');
    onClose();
  };
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Edit request"
      size="md"
      lead={<strong>{requestTitle(request)}</strong>}
      isOffline={!isOnline}
      onSave={save}
    >
      <DetailFields
        isOpen={request.isOpen}
        input={input}
        problems={problems}
        onChange={(field, value) => {
          setInput({ ...input, [field]: value });
          setProblems({ ...problems, [field]: undefined });
        }}
      />
    </FormDialog>
  );
}

/** 'Edit request': the dates and the site contact, checked as the server checks them, then queued (offline too). */
export function EditRequestDialog(props: EditRequestDialogProps) {
  return <EditForm key={`${props.request.id}/${useOpenGeneration(props.isOpen)}`} {...props} />;
}

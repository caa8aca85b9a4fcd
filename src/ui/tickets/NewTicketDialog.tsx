import { useEffect, useState } from 'react';
import { cachedRequestTypes, fetchRequestTypes } from '../../api/tickets';
import type { RequestType } from '../../api/tickets';
import type { TicketFile, TicketWriteResult } from '../../db/mutations/tickets';
import { formatDay } from '../../domain/format';
import { MAX_REQUESTED_BY, MAX_TICKET_TEXT } from '../../domain/tickets';
import type { NewTicketInput } from '../../domain/tickets';
import { FormDialog } from '../FormDialog';
import { ChoiceOptions, namedChoices } from '../fields/ChoiceOptions';
import { SelectField } from '../fields/SelectField';
import { TextAreaField } from '../fields/TextAreaField';
import { TextField } from '../fields/TextField';
import { useOpenGeneration } from '../useOpenGeneration';
import { useSaveOrProblem } from '../useSaveOrProblem';
import { TicketFilesField } from './TicketFilesField';
import { signedInAs } from '../../session/atoms';

/** What the dialog hands to its save: the spec's fields, the type's name (shown before the server answers), files. */
export type NewTicketChoice = NewTicketInput & { requestTypeName: string; files: TicketFile[] };

type Problem = Exclude<TicketWriteResult, { ok: true }>;

/**
 * The request types: fetched when the dialog is open and online (and kept), else the copy kept on this device. Only
 * an open dialog asks: the dialog is mounted on pages (and in GET AI) of companies whose support the user may not
 * open, where asking would only be refused.
 */
function useRequestTypes(companyId: number, shouldAsk: boolean) {
  const [types, setTypes] = useState(() => cachedRequestTypes(companyId));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!shouldAsk) return undefined;
    let isCurrent = true;
    void fetchRequestTypes(companyId).then((result) => {
      if (!isCurrent) return;
      if (result.ok) setTypes({ types: result.data, fetchedAt: new Date().toISOString() });
      else setError(result.error.message);
    });
    return () => {
      isCurrent = false;
    };
  }, [companyId, shouldAsk]);
  return { types, error };
}

type FormProps = {
  isOpen: boolean;
  onClose: () => void;
  companyId: number;
  isOnline: boolean;
  onSave: (choice: NewTicketChoice) => Promise<Problem | null>;
  /** A ticket proposed elsewhere (GET AI) and reviewed here: its title, text, note and guessed request type. */
  proposal?: {
    title: string;
    description: string;
    descriptionHint: string;
    suggestType: (types: readonly RequestType[]) => string;
  };
};

function NewTicketForm({ isOpen, onClose, companyId, isOnline, onSave, proposal }: FormProps) {
  const { types, error: typesError } = useRequestTypes(companyId, isOnline && isOpen);
  const [requestTypeId, setRequestTypeId] = useState('');
  const [ticketDescription, setDescription] = useState(proposal?.description ?? '');
  // The signed-in user asks, unless they say whom the request is for.
  const [requestedBy, setRequestedBy] = useState(signedInAs);
  const [files, setFiles] = useState<TicketFile[]>([]);
  const save = useSaveOrProblem<Problem>(onClose);
  const list: readonly RequestType[] = types?.types ?? [];
  const errorOf = (field: Problem['field']) => (save.problem?.field === field ? save.problem.problem : null);
  // A proposal's request type is guessed once the types are known, and only while the user has not chosen one.
  const [isTypeChosen, setTypeChosen] = useState(false);
  const suggested = proposal && !isTypeChosen && list.length > 0 ? proposal.suggestType(list) : '';
  const shownTypeId = isTypeChosen ? requestTypeId : suggested;

  const create = () =>
    onSave({
      requestTypeId: shownTypeId,
      requestTypeName: list.find((type) => type.id === shownTypeId)?.name ?? '',
      ticketDescription,
      requestedBy,
      files,
    });

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={proposal?.title ?? 'New support ticket'}
      saveLabel="Create ticket"
      size="md"
      isOffline={!isOnline}
      canSave={list.length > 0}
      onSave={() => save.run(create)}
    >
      {list.length === 0 ? (
        <p className="notice notice--warning" role="status">
          {isOnline
            ? typesError
              ? `The request types could not be loaded: ${typesError}`
              : 'Loading the request types…'
            : 'The request types are not on this device yet. Connect to the network once to write tickets offline.'}
        </p>
      ) : !isOnline && types ? (
        <p className="muted">Request types as of {formatDay(types.fetchedAt)}.</p>
      ) : null}
      <SelectField
        label="Request type"
        required
        value={shownTypeId}
        onChange={(next) => {
          setRequestTypeId(next);
          setTypeChosen(true);
          save.setProblem(null);
        }}
        error={errorOf('requestTypeId')}
        data-autofocus
      >
        <ChoiceOptions emptyLabel="Choose a request type" choices={namedChoices(list)} />
      </SelectField>
      <TextAreaField
        label="Description"
        required
        rows={5}
        maxLength={MAX_TICKET_TEXT}
        value={ticketDescription}
        onChange={(next) => {
          setDescription(next);
          save.setProblem(null);
        }}
        error={errorOf('ticketDescription')}
        {...(proposal ? { hint: proposal.descriptionHint } : {})}
      />
      <TextField
        label="Requested by"
        required
        maxLength={MAX_REQUESTED_BY}
        value={requestedBy}
        onChange={(next) => {
          setRequestedBy(next);
          save.setProblem(null);
        }}
        error={errorOf('requestedBy')}
        hint="The person the request is for: a name or an email address."
        autoComplete="name"
      />
      <TicketFilesField files={files} onChange={setFiles} error={errorOf('files')} />
    </FormDialog>
  );
}

/** 'New support ticket' (spec 000 §7 Company support): request type, description, requested by, attachments. */
export function NewTicketDialog(props: FormProps) {
  const generation = useOpenGeneration(props.isOpen);
  return <NewTicketForm key={generation} {...props} />;
}

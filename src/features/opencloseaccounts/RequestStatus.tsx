import { useState } from 'react';
import type { FormEvent } from 'react';
import { Check } from 'lucide-react';
import { useUserDb } from '../../platform/database';
import { changeOpenCloseStatus } from '../../db/mutations/openClose';
import type { Writer } from '../../db/mutations/openClose';
import type { OpenCloseRequestRow } from '../../db/rows';
import {
  OPEN_CLOSE_STATUS,
  OPEN_CLOSE_STATUSES,
  mayChangeOpenCloseStatus,
  nextOpenCloseStatuses,
  openCloseStatusLabel,
} from '../../domain/openClose';
import { SelectField } from '../../ui/fields/SelectField';
import { useQueuedWriteToast } from '../../ui/useQueuedWriteToast';

/** The workflow with the request's place in it: earlier steps done, the current one marked. */
function Workflow({ status }: { status: number }) {
  return (
    <ol className="openclose-workflow" aria-label="Workflow">
      {OPEN_CLOSE_STATUSES.map((label, step) => {
        const state = step < status ? 'done' : step === status ? 'current' : 'todo';
        return (
          <li
            key={label}
            className="openclose-workflow__step"
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="openclose-workflow__marker" aria-hidden="true">
              {state === 'done' ? <Check size={13} strokeWidth={3} /> : step + 1}
            </span>
            {label}
          </li>
        );
      })}
    </ol>
  );
}

/** The next status a consultant is offered first: the next step of the workflow. */
function firstChoice(status: number): string {
  return String(nextOpenCloseStatuses(status)[0] ?? '');
}

/**
 * Where the request stands in Received → In Progress → Pending → Done, and for consultants the control that moves
 * it (checked with the workflow rule, queued on the device, offline too).
 */
export function RequestStatus({ request, writer }: { request: OpenCloseRequestRow; writer: Writer | null }) {
  const db = useUserDb();
  const queuedToast = useQueuedWriteToast();
  const [picked, setPicked] = useState({
    from: request.accountStatus,
    value: firstChoice(request.accountStatus),
  });
  const [problem, setProblem] = useState<string | null>(null);
  // A status that changed meanwhile (the sync, another tab) starts the choice again from its next step.
  const value = picked.from === request.accountStatus ? picked.value : firstChoice(request.accountStatus);
  const choices = nextOpenCloseStatuses(request.accountStatus);
  const canMove = writer !== null && mayChangeOpenCloseStatus(writer.roles);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!db || !writer || value === '') return;
    const result = await changeOpenCloseStatus(db, request.id, Number(value), writer);
    if (!result.ok) {
      setProblem(`Status ${result.problems.accountStatus ?? 'could not be changed'}`);
      return;
    }
    setProblem(null);
    queuedToast(`Status: ${openCloseStatusLabel(Number(value))}`);
  };

  return (
    <section className="panel" aria-labelledby="openclose-status-title">
      <h2 id="openclose-status-title" className="panel__title">
        Status
      </h2>
      <Workflow status={request.accountStatus} />
      {!canMove ? (
        <p className="muted">Your consultant moves the request on as the utility works on it.</p>
      ) : choices.length === 0 ? (
        <p className="muted">
          Done is final: the account is {request.isOpen ? 'open' : 'closed'} at the utility.
        </p>
      ) : (
        <form className="openclose-status-form" onSubmit={(event) => void submit(event)} noValidate>
          <SelectField
            label="Move to"
            value={value}
            error={problem}
            onChange={(next) => {
              setPicked({ from: request.accountStatus, value: next });
              setProblem(null);
            }}
            hint={
              value === String(OPEN_CLOSE_STATUS.done)
                ? 'Done is final: the request can no longer be edited or moved.'
                : undefined
            }
          >
            {choices.map((status) => (
              <option key={status} value={status}>
                {openCloseStatusLabel(status)}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="btn btn--primary">
            Update status
          </button>
        </form>
      )}
    </section>
  );
}

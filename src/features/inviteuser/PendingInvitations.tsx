import { useState } from 'react';
import type { ReactNode } from 'react';
import { RotateCw, X } from 'lucide-react';
import { resendInvitation, revokeInvitation } from '../../api/invitations';
import type { PendingInvitation } from '../../api/invitations';
import { EMPTY_CELL_TEXT, formatDay } from '../../domain/format';
import { roleLabel } from '../../domain/invitations';
import { ActionTable } from '../../ui/ActionTable';
import type { TableColumn } from '../../ui/ActionTable';
import { IconButton } from '../../ui/IconButton';
import { Modal } from '../../ui/Modal';
import { useToasts } from '../../ui/useToasts';
import { Panel } from '../../ui/Panel';
import type { PendingState } from './usePendingInvitations';

const INVITATION_COLUMNS: readonly TableColumn<PendingInvitation>[] = [
  { key: 'email', header: 'Email', isRowHeader: true, render: (invitation) => invitation.email },
  {
    key: 'name',
    header: 'Name',
    render: (invitation) =>
      [invitation.firstName, invitation.lastName].filter(Boolean).join(' ') || EMPTY_CELL_TEXT,
  },
  { key: 'role', header: 'Role', render: (invitation) => roleLabel(invitation.roles) },
  {
    key: 'invitedBy',
    header: 'Invited by',
    render: (invitation) => invitation.invitedByName ?? EMPTY_CELL_TEXT,
  },
  { key: 'sent', header: 'Sent', render: (invitation) => formatDay(invitation.createdAt) ?? EMPTY_CELL_TEXT },
  {
    key: 'expires',
    header: 'Expires',
    render: (invitation) => formatDay(invitation.expiresAt) ?? EMPTY_CELL_TEXT,
  },
];

/** The company's pending invitations with resend and revoke (online only: invitations are not synced). */
export function PendingInvitations({
  companyId,
  state,
  onChanged,
}: {
  companyId: number;
  state: PendingState;
  onChanged: () => void;
}) {
  const { toast } = useToasts();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);

  const resend = async (invitation: PendingInvitation) => {
    setBusyId(invitation.id);
    const result = await resendInvitation(companyId, invitation.id);
    setBusyId(null);
    if (result.ok)
      toast('Invitation sent again', `${invitation.email} has a new link, valid for 7 days.`, {
        kind: 'success',
      });
    else toast('Could not resend', result.error.message, { kind: 'error' });
    onChanged();
  };

  const revoke = async (invitation: PendingInvitation) => {
    setRevoking(null);
    setBusyId(invitation.id);
    const result = await revokeInvitation(companyId, invitation.id);
    setBusyId(null);
    if (result.ok)
      toast('Invitation revoked', `The link sent to ${invitation.email} no longer works.`, {
        kind: 'success',
      });
    else toast('Could not revoke', result.error.message, { kind: 'error' });
    onChanged();
  };

  let content: ReactNode;
  if (state.kind === 'offline')
    content = <p className="muted">Pending invitations need a network connection.</p>;
  else if (state.kind === 'error')
    content = (
      <p className="error-text" role="alert">
        {state.message}
      </p>
    );
  else
    content = (
      <ActionTable
        caption="Pending invitations"
        columns={INVITATION_COLUMNS}
        rows={state.kind === 'ready' ? state.invitations : undefined}
        getKey={(invitation) => invitation.id}
        loadingText="Loading invitations…"
        emptyText="No pending invitations."
        actions={(invitation) => (
          <>
            <IconButton
              icon={RotateCw}
              label={`Resend the invitation to ${invitation.email}`}
              title="Resend"
              isDisabled={busyId === invitation.id}
              onClick={() => void resend(invitation)}
            />
            <IconButton
              icon={X}
              label={`Revoke the invitation to ${invitation.email}`}
              title="Revoke"
              isDisabled={busyId === invitation.id}
              onClick={() => setRevoking(invitation)}
            />
          </>
        )}
      />
    );

  return (
    <Panel
      titleId="pending-invitations-title"
      title={
        <>
          Pending invitations{' '}
          {state.kind === 'ready' ? <span className="badge">{state.invitations.length}</span> : null}
        </>
      }
    >
      {content}
      <Modal
        isOpen={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke this invitation?"
        size="sm"
        footer={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setRevoking(null)}>
              Keep it
            </button>
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => {
                if (revoking) void revoke(revoking);
              }}
            >
              Revoke
            </button>
          </>
        }
      >
        <p>The link sent to {revoking?.email} stops working. You can invite them again later.</p>
      </Modal>
    </Panel>
  );
}

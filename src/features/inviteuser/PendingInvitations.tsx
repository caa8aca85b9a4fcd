import { useState } from 'react';
import type { ReactNode } from 'react';
import { RotateCw, X } from 'lucide-react';
import { resendInvitation, revokeInvitation } from '../../api/invitations';
import type { PendingInvitation } from '../../api/invitations';
import { EMPTY_CELL_TEXT, formatDay } from '../../domain/format';
import { roleLabel } from '../../domain/invitations';
import { Modal } from '../../ui/Modal';
import { useToasts } from '../../ui/useToasts';
import type { PendingState } from './usePendingInvitations';
import '../../ui/table.css';

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
  if (state.kind === 'loading')
    content = (
      <p className="muted" aria-busy="true">
        Loading invitations…
      </p>
    );
  else if (state.kind === 'offline')
    content = <p className="muted">Pending invitations need a network connection.</p>;
  else if (state.kind === 'error')
    content = (
      <p className="error-text" role="alert">
        {state.message}
      </p>
    );
  else if (state.invitations.length === 0) content = <p className="muted">No pending invitations.</p>;
  else
    content = (
      <div className="data-table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">Pending invitations</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Invited by</th>
              <th scope="col">Sent</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {state.invitations.map((invitation) => (
              <tr key={invitation.id}>
                <th scope="row">{invitation.email}</th>
                <td>
                  {[invitation.firstName, invitation.lastName].filter(Boolean).join(' ') || EMPTY_CELL_TEXT}
                </td>
                <td>{roleLabel(invitation.roles)}</td>
                <td>{invitation.invitedByName ?? EMPTY_CELL_TEXT}</td>
                <td>{formatDay(invitation.createdAt) ?? EMPTY_CELL_TEXT}</td>
                <td>{formatDay(invitation.expiresAt) ?? EMPTY_CELL_TEXT}</td>
                <td className="data-table__actions">
                  <button
                    type="button"
                    className="btn btn--ghost btn--icon"
                    aria-label={`Resend the invitation to ${invitation.email}`}
                    title="Resend"
                    disabled={busyId === invitation.id}
                    onClick={() => void resend(invitation)}
                  >
                    <RotateCw aria-hidden="true" size={16} />
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost btn--icon"
                    aria-label={`Revoke the invitation to ${invitation.email}`}
                    title="Revoke"
                    disabled={busyId === invitation.id}
                    onClick={() => setRevoking(invitation)}
                  >
                    <X aria-hidden="true" size={16} />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="panel" aria-labelledby="pending-invitations-title">
      <div className="panel__head">
        <h2 id="pending-invitations-title" className="panel__title">
          Pending invitations{' '}
          {state.kind === 'ready' ? <span className="badge">{state.invitations.length}</span> : null}
        </h2>
      </div>
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
    </section>
  );
}

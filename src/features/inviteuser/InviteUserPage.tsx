import { useAtomValue } from 'jotai';
import { CloudOff } from 'lucide-react';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useOnline } from '../../platform/useOnline';
import { roleChoicesFor } from '../../domain/invitations';
import { rolesAtom } from '../../session/atoms';
import { usePopups } from '../../ui/usePopups';
import { InviteForm } from './InviteForm';
import { PendingInvitations } from './PendingInvitations';
import { usePendingInvitations } from './usePendingInvitations';
import './inviteuser.css';

/**
 * Invite User (`/inviteuser` and its twin, spec 000 §2): admins and consultants invite a person by email with a role
 * they may give; the mail links to /register/{id}. Pending invitations can be sent again or revoked. Online only:
 * the page says so offline rather than queueing an invitation nobody can see arrive.
 */
export function InviteUserPage() {
  const companyId = useCurrentCompanyId();
  const roles = useAtomValue(rolesAtom);
  const isOnline = useOnline();
  const popups = usePopups();
  const pending = usePendingInvitations(companyId, isOnline);
  const choices = roles ? roleChoicesFor(roles) : [];

  return (
    <section className="page" aria-labelledby="inviteuser-title">
      <header className="page__header">
        <h1 id="inviteuser-title" className="page__title">
          Invite User
        </h1>
      </header>
      {isOnline ? null : (
        <div className="notice notice--warning" role="status">
          <CloudOff size={18} aria-hidden="true" />
          <p>Inviting users needs a network connection. Connect to send an invitation.</p>
        </div>
      )}
      <section className="panel" aria-labelledby="invite-form-title">
        <div className="panel__head">
          <h2 id="invite-form-title" className="panel__title">
            Invite a user
          </h2>
        </div>
        {companyId === null ? null : (
          <InviteForm
            companyId={companyId}
            choices={choices}
            isOnline={isOnline}
            onSent={(email) => {
              popups.successPopup('Invitation sent', `${email} will receive a link to create their account.`);
              pending.reload();
            }}
          />
        )}
      </section>
      {companyId === null ? null : (
        <PendingInvitations companyId={companyId} state={pending.state} onChanged={pending.reload} />
      )}
    </section>
  );
}

/** The lazy page's component. */
export const Component = InviteUserPage;

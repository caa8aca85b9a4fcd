import { useAtomValue } from 'jotai';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useOnline } from '../../platform/useOnline';
import { roleChoicesFor } from '../../domain/invitations';
import { rolesAtom } from '../../session/atoms';
import { OnlineOnlyNotice } from '../../ui/OnlineOnlyNotice';
import { Page } from '../../ui/Page';
import { Panel } from '../../ui/Panel';
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
    <Page titleId="inviteuser-title" title="Invite User">
      {isOnline ? null : (
        <OnlineOnlyNotice>
          Inviting users needs a network connection. Connect to send an invitation.
        </OnlineOnlyNotice>
      )}
      <Panel titleId="invite-form-title" title="Invite a user">
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
      </Panel>
      {companyId === null ? null : (
        <PendingInvitations companyId={companyId} state={pending.state} onChanged={pending.reload} />
      )}
    </Page>
  );
}

/** The lazy page's component. */
export const Component = InviteUserPage;

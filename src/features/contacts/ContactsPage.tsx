import { useAtomValue } from 'jotai';
import { LifeBuoy, Mail, Phone, UserRound, Users } from 'lucide-react';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import type { CompanyUserRow } from '../../db/rows';
import { SUPPORT_EMAIL, canSeeCompanyUsers, mailtoHref, rolesText, telHref } from '../../domain/contacts';
import { rolesAtom } from '../../session/atoms';
import { NotAvailable, PagedTable } from '../../ui/PagedTable';
import { Page } from '../../ui/Page';
import { IconTitle } from '../../ui/IconTitle';
import { Panel } from '../../ui/Panel';
import type { TableColumn } from '../../ui/PagedTable';
import { useSyncProgress } from '../../platform/useLocationPage';
import { useCompanyContacts } from './useContacts';
import './contacts.css';

/** A phone number or an email as its tel: or mailto: link, or N/A when it is not one. */
function ContactLink({ text, href }: { text: string | null; href: string | null }) {
  return href && text ? <a href={href}>{text}</a> : <NotAvailable />;
}

/** An email as a mailto: link, or N/A. */
function EmailLink({ email }: { email: string | null }) {
  return <ContactLink text={email} href={mailtoHref(email)} />;
}

/** One person of the account team: role, name, phone and email. */
function ContactCard(props: {
  role: string;
  name: string | null;
  phone: string | null;
  email: string | null;
}) {
  return (
    <article className="contacts-card" aria-label={props.role}>
      <h3 className="contacts-card__role">{props.role}</h3>
      <p className="contacts-card__name">
        <UserRound size={16} aria-hidden="true" /> {props.name ?? <NotAvailable />}
      </p>
      <p className="contacts-card__line">
        <Phone size={15} aria-hidden="true" /> <ContactLink text={props.phone} href={telHref(props.phone)} />
      </p>
      <p className="contacts-card__line">
        <Mail size={15} aria-hidden="true" /> <EmailLink email={props.email} />
      </p>
    </article>
  );
}

const USER_COLUMNS: readonly TableColumn<CompanyUserRow>[] = [
  { key: 'name', header: 'Name', isRowHeader: true, render: (user) => `${user.firstName} ${user.lastName}` },
  { key: 'email', header: 'Email', render: (user) => <EmailLink email={user.email} /> },
  { key: 'role', header: 'Role', render: (user) => rolesText(user.roles) || <NotAvailable /> },
];

/** /contacts: the company's account and client managers, the consultancy's support mail and, for admins and
 * consultants, the company's users — all from the device, so it works offline. */
export function ContactsPage() {
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const roles = useAtomValue(rolesAtom);
  const contacts = useCompanyContacts(companyId);
  const progress = useSyncProgress(companyId);
  const companyName = typeof company === 'object' && company ? company.name : null;
  const profile = contacts?.profile ?? null;
  const showsUsers = roles !== null && canSeeCompanyUsers(roles);
  const notYet =
    progress === 'synced'
      ? null
      : 'It appears here once the company’s data has been downloaded to this device.';

  return (
    <Page
      titleId="contacts-title"
      title="Contacts"
      subtitle={companyName ? <p className="muted">{companyName}</p> : null}
    >
      <Panel titleId="contacts-team" title={<IconTitle icon={UserRound} text="Your account team" />}>
        {contacts === undefined ? (
          <p className="muted" role="status">
            Loading contacts…
          </p>
        ) : profile ? (
          <div className="contacts-cards">
            <ContactCard
              role="Account manager"
              name={profile.accountManager}
              phone={profile.accountManagerPhoneNumber}
              email={profile.accountManagerEmail}
            />
            <ContactCard
              role="Client manager"
              name={profile.clientManager}
              phone={profile.clientManagerPhoneNumber}
              email={profile.clientManagerEmail}
            />
          </div>
        ) : (
          <p className="muted">{notYet ?? 'No account team is on record for this company.'}</p>
        )}
      </Panel>

      <Panel titleId="contacts-support" title={<IconTitle icon={LifeBuoy} text="Support" />}>
        <p>
          Write to the GET Energy support team at{' '}
          <a href={mailtoHref(SUPPORT_EMAIL, 'GET Energy Portal support') ?? undefined}>{SUPPORT_EMAIL}</a>.
        </p>
      </Panel>

      {showsUsers ? (
        <Panel
          titleId="contacts-users"
          title={<IconTitle icon={Users} text={`Users${companyName ? ` of ${companyName}` : ''}`} />}
        >
          <PagedTable
            caption="Users of the company"
            columns={USER_COLUMNS}
            rows={contacts?.users}
            getKey={(user) => user.id}
            emptyText={notYet ?? 'This company has no active users.'}
          />
        </Panel>
      ) : null}
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = ContactsPage;

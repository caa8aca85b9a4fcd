import { useState } from 'react';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useOnline } from '../../platform/useOnline';
import type { AdminUser, AuditLine } from '../../api/users';
import { takesCompanyAccess } from '../../domain/userAdmin';
import { ActionTable } from '../../ui/ActionTable';
import type { TableColumn } from '../../ui/ActionTable';
import { QuickFilterInput } from '../../ui/fields/QuickFilterInput';
import { OnlineOnlyNotice } from '../../ui/OnlineOnlyNotice';
import { Page } from '../../ui/Page';
import { Panel } from '../../ui/Panel';
import { CompanyAccessDialog } from './CompanyAccessDialog';
import { AuditThresholdsPanel } from './AuditThresholdsPanel';
import { CompanyFlagsPanel } from './CompanyFlagsPanel';
import { UserRoles } from './UserRoles';
import { useUserAdmin } from './useUserAdmin';
import './users.css';

function matches(user: AdminUser, query: string): boolean {
  const text = `${user.firstName} ${user.lastName} ${user.email} ${user.companyName} ${user.roles.join(' ')}`;
  return text.toLowerCase().includes(query.trim().toLowerCase());
}

function AuditPanel({ lines }: { lines: readonly AuditLine[] }) {
  return (
    <Panel titleId="users-audit-title" title="Recent changes">
      {lines.length === 0 ? (
        <p className="muted">No changes yet.</p>
      ) : (
        <ol className="users-audit">
          {lines.map((line) => (
            <li key={line.id} className="users-audit__item">
              <span className="muted">{new Date(line.at).toLocaleString('en-US')}</span>
              <strong>{line.actorName}</strong>
              <span>{line.detail}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/**
 * Users (`/companies/{compId}/users`, super consultants only, spec 000 §2, spec 001 §6–7): every user with roles and
 * company, roles added and removed, consultants' company access, the access flags of the company the page is in,
 * and the audit of every change. Online only: each change is the server's to accept or refuse at once.
 */
export function UsersPage() {
  const isOnline = useOnline();
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const { state, reload } = useUserAdmin(isOnline);
  const [query, setQuery] = useState('');
  const [accessOf, setAccessOf] = useState<AdminUser | null>(null);

  const users = state.kind === 'ready' ? state.users.filter((user) => matches(user, query)) : [];
  const columns: readonly TableColumn<AdminUser>[] = [
    {
      key: 'name',
      header: 'Name',
      isRowHeader: true,
      render: (user) => (
        <>
          {user.firstName} {user.lastName}
          {user.isActive ? null : <span className="badge">Inactive</span>}
        </>
      ),
    },
    { key: 'email', header: 'Email', render: (user) => user.email },
    { key: 'company', header: 'Company', render: (user) => user.companyName },
    { key: 'roles', header: 'Roles', render: (user) => <UserRoles user={user} onChanged={reload} /> },
    {
      key: 'access',
      header: 'Company access',
      render: (user) =>
        takesCompanyAccess(user.roles) ? (
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => setAccessOf(user)}>
            {user.companyAccess.length} {user.companyAccess.length === 1 ? 'company' : 'companies'}
          </button>
        ) : user.roles.includes('Super Consultant') ? (
          <span className="muted">Every company</span>
        ) : (
          <span className="muted">Own company</span>
        ),
    },
  ];
  return (
    <Page titleId="users-title" title="Users">
      {state.kind === 'offline' ? (
        <OnlineOnlyNotice>Managing users needs a network connection.</OnlineOnlyNotice>
      ) : null}
      {typeof company === 'object' && company !== null ? (
        <CompanyFlagsPanel key={company.id} company={company} isOnline={isOnline} onChanged={reload} />
      ) : null}
      {typeof company === 'object' && company !== null && company.alertsAccess ? (
        <AuditThresholdsPanel
          key={`${company.id}:${company.version}`}
          company={company}
          isOnline={isOnline}
          onChanged={reload}
        />
      ) : null}
      <Panel
        titleId="users-list-title"
        title={<>All users {state.kind === 'ready' ? <span className="badge">{users.length}</span> : null}</>}
        aside={
          <QuickFilterInput
            label="Filter users"
            placeholder="Filter by name, email, company or role"
            value={query}
            onChange={setQuery}
          />
        }
      >
        {state.kind === 'loading' ? (
          <p className="muted" aria-busy="true">
            Loading users…
          </p>
        ) : state.kind === 'error' ? (
          <p className="error-text" role="alert">
            {state.message}
          </p>
        ) : state.kind === 'ready' ? (
          <ActionTable caption="Users" columns={columns} rows={users} getKey={(user) => user.id} />
        ) : null}
      </Panel>
      {state.kind === 'ready' ? <AuditPanel lines={state.audit} /> : null}
      <CompanyAccessDialog user={accessOf} onClose={() => setAccessOf(null)} onChanged={reload} />
    </Page>
  );
}

/** The lazy page's component. */
export const Component = UsersPage;

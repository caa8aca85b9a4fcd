import { useEffect, useState } from 'react';
import { X } from 'lucide-react';
import { fetchAllClients } from '../../api/consultant';
import type { ClientCompany } from '../../api/consultant';
import { fetchCompanyAccess, grantCompanyAccess, revokeCompanyAccess } from '../../api/users';
import type { AdminUser, CompanyAccess } from '../../api/users';
import { formatDay } from '../../domain/format';
import { ChoiceOptions, namedChoices } from '../../ui/fields/ChoiceOptions';
import { Modal } from '../../ui/Modal';

/**
 * A consultant's company access (`GET users/{id}/getCompanyAccess`): the companies granted, each revocable, and a
 * company to grant. The consultant reaches a granted company at once (the server's access rule reads the grants).
 */
export function CompanyAccessDialog({
  user,
  onClose,
  onChanged,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [access, setAccess] = useState<CompanyAccess[] | null>(null);
  const [clients, setClients] = useState<ClientCompany[]>([]);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId === null) return undefined;
    let isCurrent = true;
    void Promise.all([fetchCompanyAccess(userId), fetchAllClients()]).then(([granted, all]) => {
      if (!isCurrent) return;
      if (granted.ok) setAccess(granted.data);
      else setError(granted.error.message);
      if (all.ok) setClients(all.data);
    });
    return () => {
      isCurrent = false;
    };
  }, [userId, generation]);

  const change = async (call: () => Promise<{ ok: boolean; error?: { message: string } }>) => {
    setError(null);
    const result = await call();
    if (!result.ok) setError(result.error?.message ?? 'The change was refused.');
    setGeneration((n) => n + 1);
    onChanged();
  };

  const granted = new Set((access ?? []).map((row) => row.companyId));
  const grantable = clients.filter((client) => !granted.has(client.id));
  const name = user ? `${user.firstName} ${user.lastName}` : '';
  return (
    <Modal isOpen={user !== null} onClose={onClose} title={`Company access of ${name}`} size="md">
      {access === null ? (
        <p className="muted" aria-busy="true">
          Loading…
        </p>
      ) : access.length === 0 ? (
        <p className="muted">No companies granted yet.</p>
      ) : (
        <ul className="users-access">
          {access.map((row) => (
            <li key={row.companyId} className="users-access__item">
              <span>{row.companyName}</span>
              <span className="muted">since {formatDay(row.grantedAt)}</span>
              <button
                type="button"
                className="btn btn--ghost btn--icon btn--sm"
                aria-label={`Revoke access to ${row.companyName}`}
                title="Revoke"
                onClick={() => {
                  if (userId !== null) void change(() => revokeCompanyAccess(userId, row.companyId));
                }}
              >
                <X aria-hidden="true" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="users-access__grant">
        <select
          className="select"
          aria-label="Company to grant"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          <ChoiceOptions emptyLabel="Choose a company…" choices={namedChoices(grantable)} />
        </select>
        <button
          type="button"
          className="btn btn--primary"
          disabled={choice === '' || userId === null}
          onClick={() => {
            const companyId = Number(choice);
            setChoice('');
            if (userId !== null) void change(() => grantCompanyAccess(userId, companyId));
          }}
        >
          Grant access
        </button>
      </div>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}

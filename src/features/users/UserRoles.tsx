import { useState } from 'react';
import { X } from 'lucide-react';
import { addRole, removeRole } from '../../api/users';
import type { AdminUser } from '../../api/users';
import { USER_ROLES } from '../../domain/userAdmin';
import { useToasts } from '../../ui/useToasts';

/** A user's roles as chips that can be removed, and a role to add (the server refuses what the rules forbid). */
export function UserRoles({ user, onChanged }: { user: AdminUser; onChanged: () => void }) {
  const { toast } = useToasts();
  const [isBusy, setBusy] = useState(false);
  const [adding, setAdding] = useState('');
  const name = `${user.firstName} ${user.lastName}`;
  const missing = USER_ROLES.filter((role) => !user.roles.includes(role));

  const run = async (call: () => Promise<{ ok: boolean; error?: { message: string } }>, done: string) => {
    setBusy(true);
    const result = await call();
    setBusy(false);
    if (result.ok) toast('Saved', done, { kind: 'success' });
    else toast('Not saved', result.error?.message ?? 'The change was refused.', { kind: 'error' });
    onChanged();
  };

  return (
    <div className="users-roles">
      <ul className="chip-list" aria-label={`Roles of ${name}`}>
        {user.roles.map((role) => (
          <li key={role} className="chip">
            {role}
            <button
              type="button"
              className="users-roles__remove"
              aria-label={`Remove role ${role} from ${name}`}
              title="Remove role"
              disabled={isBusy}
              onClick={() =>
                void run(() => removeRole(user.id, role), `${name} no longer has the role ${role}.`)
              }
            >
              <X aria-hidden="true" size={12} />
            </button>
          </li>
        ))}
      </ul>
      {missing.length > 0 ? (
        <span className="users-roles__add">
          <select
            className="select select--sm"
            aria-label={`Role to add to ${name}`}
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
          >
            <option value="">Add a role…</option>
            {missing.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={isBusy || adding === ''}
            onClick={() => {
              const role = adding;
              setAdding('');
              void run(() => addRole(user.id, role), `${name} now has the role ${role}.`);
            }}
          >
            Add
          </button>
        </span>
      ) : null}
    </div>
  );
}

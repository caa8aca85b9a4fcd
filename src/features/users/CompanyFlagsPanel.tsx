import { useState } from 'react';
import { setCompanyAccess } from '../../api/users';
import type { CompanyRow } from '../../db/rows';
import { COMPANY_ACCESS_FLAGS } from '../../domain/userAdmin';
import type { CompanyAccessFlag, CompanyAccessFlags } from '../../domain/userAdmin';
import { sendSyncCommand } from '../../sync/useSyncController';
import { Panel } from '../../ui/Panel';
import { useToasts } from '../../ui/useToasts';

function flagsOf(company: CompanyRow): CompanyAccessFlags {
  return Object.fromEntries(
    COMPANY_ACCESS_FLAGS.map((flag) => [flag.key, company[flag.key]]),
  ) as CompanyAccessFlags;
}

/**
 * The access flags of the company the page is in (`PUT companies/setCompanyAccess`). Saved flags reach the company's
 * users' sidebars at their next sync (the company record is synced); this device syncs the company at once.
 */
export function CompanyFlagsPanel({
  company,
  isOnline,
  onChanged,
}: {
  company: CompanyRow;
  isOnline: boolean;
  onChanged: () => void;
}) {
  const { toast } = useToasts();
  const [flags, setFlags] = useState<CompanyAccessFlags>(() => flagsOf(company));
  const [isSaving, setSaving] = useState(false);
  const saved = flagsOf(company);
  const changed = COMPANY_ACCESS_FLAGS.filter((flag) => flags[flag.key] !== saved[flag.key]);

  const save = async () => {
    setSaving(true);
    const result = await setCompanyAccess(
      company.id,
      Object.fromEntries(changed.map((flag) => [flag.key, flags[flag.key]])),
    );
    setSaving(false);
    if (result.ok) {
      toast('Company access saved', `${company.name}'s users see the change at their next sync.`, {
        kind: 'success',
      });
      sendSyncCommand({ type: 'syncNow', companyId: company.id });
    } else toast('Not saved', result.error.message, { kind: 'error' });
    onChanged();
  };

  const toggle = (key: CompanyAccessFlag, value: boolean) =>
    setFlags((current) => ({ ...current, [key]: value }));

  return (
    <Panel titleId="company-flags-title" title={`Company access: ${company.name}`}>
      <ul className="check-list users-flags">
        {COMPANY_ACCESS_FLAGS.map((flag) => (
          <li key={flag.key}>
            <label className="check">
              <input
                type="checkbox"
                checked={flags[flag.key]}
                disabled={!isOnline}
                onChange={(event) => toggle(flag.key, event.target.checked)}
              />
              {flag.label}
            </label>
          </li>
        ))}
      </ul>
      <div className="users-flags__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={!isOnline || isSaving || changed.length === 0}
          aria-busy={isSaving || undefined}
          onClick={() => void save()}
        >
          Save company access
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={changed.length === 0}
          onClick={() => setFlags(saved)}
        >
          Undo changes
        </button>
      </div>
    </Panel>
  );
}

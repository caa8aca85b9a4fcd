import { useState } from 'react';
import { setCompanyAccess } from '../../api/users';
import type { CompanyRow } from '../../db/rows';
import { COMPANY_ACCESS_FLAGS } from '../../domain/userAdmin';
import type { CompanyAccessFlag, CompanyAccessFlags } from '../../domain/userAdmin';
import { CompanySettingsPanel } from './CompanySettingsPanel';

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
  const [flags, setFlags] = useState<CompanyAccessFlags>(() => flagsOf(company));
  const saved = flagsOf(company);
  const changed = COMPANY_ACCESS_FLAGS.filter((flag) => flags[flag.key] !== saved[flag.key]);
  const toggle = (key: CompanyAccessFlag, value: boolean) =>
    setFlags((current) => ({ ...current, [key]: value }));

  return (
    <CompanySettingsPanel
      titleId="company-flags-title"
      title={`Company access: ${company.name}`}
      company={company}
      isOnline={isOnline}
      canSave={changed.length > 0}
      canUndo={changed.length > 0}
      saveLabel="Save company access"
      savedToast={['Company access saved', `${company.name}'s users see the change at their next sync.`]}
      save={() =>
        setCompanyAccess(company.id, Object.fromEntries(changed.map((flag) => [flag.key, flags[flag.key]])))
      }
      undo={() => setFlags(saved)}
      onChanged={onChanged}
    >
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
    </CompanySettingsPanel>
  );
}

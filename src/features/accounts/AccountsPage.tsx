import { useMemo, useState } from 'react';
import { CloudDownload } from 'lucide-react';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { AccountsGrid } from './AccountsGrid';
import { AccountsOverview } from './AccountsOverview';
import { BusinessUnitFilter } from './BusinessUnitFilter';
import type { UnitChoice } from './BusinessUnitFilter';
import { useAfterPaint } from '../../ui/useAfterPaint';
import { useAccountRows, useAccountsOverview, useSyncSummary } from '../../platform/useAccountsData';
import { useBusinessUnits } from './useBusinessUnits';
import { useNicknameEditor } from './useNicknameEditor';
import './accounts.css';

/**
 * The accounts area (`/accounts`, `/companies/{compId}/accounts`): overview, business units filter for parent
 * companies, and the accounts grid with export and nickname editing. Everything is read from the local database,
 * so the page works offline; the rename is a synced write through the outbox.
 */
export function AccountsPage() {
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const businessUnits = useBusinessUnits(companyId);
  // The choice belongs to its company: moving to another company's accounts starts again from all units.
  const [picked, setPicked] = useState<{ companyId: number | null; value: UnitChoice }>({
    companyId,
    value: 'all',
  });
  const choice = picked.companyId === companyId ? picked.value : 'all';
  const editor = useNicknameEditor();

  const units = businessUnits.units;
  const shownIds = useMemo(() => {
    if (companyId === null) return [];
    if (choice !== 'all') return [choice];
    return [companyId, ...(units ?? []).filter((unit) => unit.isOnDevice).map((unit) => unit.id)];
  }, [companyId, choice, units]);
  const rows = useAccountRows(shownIds);
  const figures = useAccountsOverview(shownIds, useAfterPaint(rows !== undefined));
  const sync = useSyncSummary(shownIds);

  const name = typeof company === 'object' && company !== null ? company.name : null;
  if (companyId === null) return null;
  const isWaiting = rows !== undefined && rows.length === 0 && sync !== undefined && !sync.isSynced;
  const emptyText = sync?.isSynced
    ? 'No accounts for this company.'
    : 'Accounts appear here once this company is synced to the device.';

  return (
    <section className="page" aria-labelledby="accounts-title">
      <header className="page__header">
        <div>
          <h1 id="accounts-title" className="page__title">
            Accounts
          </h1>
          <p className="muted">{name ?? ' '}</p>
        </div>
        {units !== undefined && units.length > 0 && (
          <BusinessUnitFilter
            companyId={companyId}
            companyName={name ?? 'This company'}
            businessUnits={businessUnits}
            value={choice}
            onChange={(value) => setPicked({ companyId, value })}
          />
        )}
      </header>

      {isWaiting ? (
        <div className="empty-state" role="status">
          <CloudDownload aria-hidden="true" size={36} />
          <h2 className="empty-state__title">
            {sync.isSyncing ? 'Downloading accounts to this device…' : 'Accounts are not on this device yet'}
          </h2>
          <p>
            {sync.isSyncing
              ? 'This company’s accounts, meters and bills are being synced for offline use. They appear here as they arrive.'
              : 'Once this company is synced (online), its accounts show here and stay available offline. Open the Sync panel in the top bar to sync now.'}
          </p>
        </div>
      ) : (
        <AccountsOverview rows={rows} figures={figures} />
      )}

      <section className="panel" aria-labelledby="accounts-grid-title">
        <div className="panel__head">
          <h2 id="accounts-grid-title" className="panel__title">
            All accounts
          </h2>
          <p className="muted">
            Click a row to open the account, or “Rename” to give it a nickname — also offline.
          </p>
        </div>
        <AccountsGrid rows={rows} companyId={companyId} emptyText={emptyText} onRename={editor.open} />
      </section>
      {editor.dialog}
    </section>
  );
}

/** react-router `lazy` convention. */
export const Component = AccountsPage;

import { useMemo, useState } from 'react';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { AccountsGrid } from './AccountsGrid';
import { AccountsOverview } from './AccountsOverview';
import { BusinessUnitFilter } from './BusinessUnitFilter';
import type { UnitChoice } from './BusinessUnitFilter';
import { useAfterPaint } from '../../ui/useAfterPaint';
import { ListNotSyncedState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Panel } from '../../ui/Panel';
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
    <Page
      titleId="accounts-title"
      title="Accounts"
      subtitle={<p className="muted">{name ?? ' '}</p>}
      actions={
        units !== undefined && units.length > 0 ? (
          <BusinessUnitFilter
            companyId={companyId}
            companyName={name ?? 'This company'}
            businessUnits={businessUnits}
            value={choice}
            onChange={(value) => setPicked({ companyId, value })}
          />
        ) : null
      }
    >
      {isWaiting ? (
        <ListNotSyncedState
          isSyncing={sync.isSyncing}
          records="Accounts"
          synced="accounts, meters and bills"
          shown="accounts"
        />
      ) : (
        <AccountsOverview rows={rows} figures={figures} />
      )}

      <Panel
        titleId="accounts-grid-title"
        title="All accounts"
        aside={
          <p className="muted">
            Click a row to open the account, or “Rename” to give it a nickname — also offline.
          </p>
        }
      >
        <AccountsGrid rows={rows} companyId={companyId} emptyText={emptyText} onRename={editor.open} />
      </Panel>
      {editor.dialog}
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = AccountsPage;

import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import type { OpenCloseListRow } from '../../db/queries/openClose';
import { formatDay } from '../../domain/format';
import { NO_OPEN_CLOSE_FILTERS, matchesOpenCloseFilters } from '../../domain/openClose';
import { serviceLabel } from '../../domain/serviceTypes';
import { sessionAtom } from '../../session/atoms';
import { PagedTable, orNotAvailable } from '../../ui/PagedTable';
import type { TableColumn } from '../../ui/PagedTable';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { ListNotSyncedState } from '../../ui/EmptyState';
import { NewRecordButton, Page } from '../../ui/Page';
import { Panel } from '../../ui/Panel';
import { useSyncSummary } from '../../platform/useAccountsData';
import { OpenCloseFilters } from './OpenCloseFilters';
import { KindLabel, StatusBadge, authorName, localDay } from './RequestLabels';
import { useOpenCloseList } from './useOpenCloseData';
import './openclose.css';

/** The columns of the list (spec 001 §3 Open/close account, plus site and requester). */
function columns(pathTo: (path: string) => string, userId: number | null): TableColumn<OpenCloseListRow>[] {
  return [
    { key: 'isOpen', header: 'Open/Close', render: (row) => <KindLabel isOpen={row.isOpen} /> },
    {
      key: 'serviceType',
      header: 'Service',
      isRowHeader: true,
      render: (row) => (
        <Link to={pathTo(`opencloseaccounts/${row.id}`)}>{serviceLabel(row.serviceType)}</Link>
      ),
    },
    {
      key: 'location',
      header: 'Location',
      render: (row) =>
        row.locationName ? (
          <span className="openclose-list__site">
            {row.locationName}
            {row.locationCity ? (
              <span className="openclose-list__sub">
                {row.locationCity}, {row.locationState}
              </span>
            ) : null}
          </span>
        ) : (
          orNotAvailable(null)
        ),
    },
    {
      key: 'accountStatus',
      header: 'Status',
      render: (row) => (
        <span className="openclose-list__status">
          <StatusBadge status={row.accountStatus} />
          <QueuedBadge status={row.queued} />
        </span>
      ),
    },
    {
      key: 'turnoverDate',
      header: 'Turnover date',
      render: (row) => orNotAvailable(formatDay(row.turnoverDate)),
    },
    {
      key: 'storeOpenDate',
      header: 'Store open date',
      render: (row) => orNotAvailable(formatDay(row.storeOpenDate)),
    },
    {
      key: 'storeCloseDate',
      header: 'Store close date',
      render: (row) => orNotAvailable(formatDay(row.storeCloseDate)),
    },
    {
      key: 'requestedBy',
      header: 'Requested',
      render: (row) => (
        <>
          {orNotAvailable(authorName(row.requestedByName, row.requestedBy, userId))}
          <span className="openclose-list__sub">{localDay(row.createdAt)}</span>
        </>
      ),
    },
  ];
}

/**
 * The open/close account requests of a company (`/opencloseaccounts` and its consultant twin): filters, the list
 * and the way to a new request. Read from the device, so it works offline; new requests queue there too.
 */
export function OpenCloseListPage() {
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const pathTo = useAreaPaths();
  const userId = useAtomValue(sessionAtom)?.userId ?? null;
  const rows = useOpenCloseList(companyId);
  const sync = useSyncSummary(companyId === null ? [] : [companyId]);
  const [filters, setFilters] = useState(NO_OPEN_CLOSE_FILTERS);
  const shown = useMemo(() => rows?.filter((row) => matchesOpenCloseFilters(row, filters)), [rows, filters]);
  const tableColumns = useMemo(() => columns(pathTo, userId), [pathTo, userId]);

  const name = typeof company === 'object' && company !== null ? company.name : null;
  const isWaiting = rows !== undefined && rows.length === 0 && sync !== undefined && !sync.isSynced;
  const emptyText =
    rows !== undefined && rows.length > 0
      ? 'No request matches these filters.'
      : 'No open or close requests yet. Use “New request” to ask for service to start or stop at a site.';

  return (
    <Page
      titleId="openclose-title"
      title="Open/Close Accounts"
      subtitle={<p className="muted">{name ?? ' '}</p>}
      actions={<NewRecordButton label="New request" to={pathTo('opencloseaccounts/new')} />}
    >
      {isWaiting ? (
        <ListNotSyncedState
          isSyncing={sync.isSyncing}
          records="Requests"
          synced="open and close requests"
          shown="open and close requests"
        />
      ) : (
        <Panel
          titleId="openclose-list-title"
          title="Requests"
          aside={
            rows !== undefined && shown !== undefined ? (
              <p className="muted" role="status">
                {shown.length === rows.length
                  ? `${rows.length} ${rows.length === 1 ? 'request' : 'requests'}`
                  : `${shown.length} of ${rows.length} requests`}
              </p>
            ) : null
          }
        >
          <OpenCloseFilters
            rows={rows ?? []}
            filters={filters}
            onChange={setFilters}
            onClear={() => setFilters(NO_OPEN_CLOSE_FILTERS)}
          />
          <PagedTable
            caption="Open/close requests"
            columns={tableColumns}
            rows={shown}
            getKey={(row) => row.id}
            emptyText={emptyText}
          />
        </Panel>
      )}
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = OpenCloseListPage;

import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCompanyContracts } from '../../platform/company/useCompanyContracts';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { contractsDueBadge, contractsDueText } from '../../domain/counts';
import type { ContractListRow } from '../../db/queries/contracts';
import { FilteredGridSection, serviceFilter } from '../../ui/grid/FilteredGridSection';
import type { GridFilter } from '../../ui/grid/FilteredGridSection';
import { NewRecordButton, Page } from '../../ui/Page';
import { AddContractDialog } from './AddContractDialog';
import { CompanyDocuments } from './CompanyDocuments';
import {
  CONTRACTS_GRID,
  CONTRACT_COLUMNS,
  NO_CONTRACT_FILTERS,
  STATUS_FILTERS,
  filterContracts,
} from './contractColumns';
import type { ContractFilters } from './contractColumns';
import { ContractStatusSummary } from './ContractStatusSummary';
import { ContractTimeline } from './ContractTimeline';
import { useContractList } from './useContracts';
import './contracts.css';

const EMPTY_ROWS: readonly ContractListRow[] = [];

/**
 * The Contracts area (`/contracts` and its consultant twin), from the device online or offline: the contracts not
 * extended with their status of today, filters, a timeline, the grid with export, and the company's documents.
 */
export function ContractsPage() {
  const companyId = useCurrentCompanyId();
  const list = useContractList(companyId);
  const navigate = useNavigate();
  const pathOf = useAreaPaths();
  const [filters, setFilters] = useState<ContractFilters>(NO_CONTRACT_FILTERS);
  const [isAdding, setAdding] = useState(false);
  const allRows = list?.rows ?? EMPTY_ROWS;
  // The sidebar badge's figure, from the same read, so the page says what the badge counted.
  const due = useCompanyContracts(companyId);
  const dueCount = due === undefined ? null : contractsDueBadge(due).count;
  const rows = useMemo(() => filterContracts(allRows, filters), [allRows, filters]);

  const open = useCallback(
    (row: ContractListRow) => void navigate(pathOf(`contracts/${row.contract.id}`)),
    [navigate, pathOf],
  );
  const filterSelects: GridFilter<keyof ContractFilters>[] = [
    { field: 'status', label: 'Status', all: 'All Statuses', choices: STATUS_FILTERS },
    serviceFilter(list?.services ?? []),
    {
      field: 'vendor',
      label: 'Vendor',
      all: 'All Vendors',
      choices: (list?.vendors ?? []).map((vendor) => ({ value: vendor, label: vendor })),
    },
    {
      field: 'locationId',
      label: 'Location',
      all: 'All Locations',
      choices: (list?.locations ?? []).map((location) => ({ value: location.id, label: location.name })),
    },
  ];

  return (
    <Page
      titleId="contracts-title"
      title="Contracts"
      actions={
        <NewRecordButton
          label="Add contract"
          isDisabled={companyId === null}
          onClick={() => setAdding(true)}
        />
      }
    >
      {dueCount === null ? null : (
        <p className="muted" data-count="contracts-due" data-value={dueCount}>
          {contractsDueText(dueCount)}, not yet viewed
        </p>
      )}
      <ContractStatusSummary
        rows={allRows}
        selected={filters.status}
        onSelect={(status) => setFilters({ ...filters, status })}
      />
      <ContractTimeline rows={rows} onOpen={open} />
      <FilteredGridSection
        title="Contracts"
        gridName={CONTRACTS_GRID}
        columns={CONTRACT_COLUMNS}
        rows={rows}
        isLoading={list === undefined}
        getRowId={(row) => row.contract.id}
        onRowActivate={open}
        emptyText={allRows.length === 0 ? 'No contracts yet' : 'No contracts match the filters'}
        height={440}
        filters={filterSelects}
        filterValues={filters}
        onFiltersChange={setFilters}
      />
      {companyId === null ? null : <CompanyDocuments companyId={companyId} />}
      {companyId === null ? null : (
        <AddContractDialog
          isOpen={isAdding}
          companyId={companyId}
          onClose={() => setAdding(false)}
          onAdded={(id) => {
            setAdding(false);
            void navigate(pathOf(`contracts/${id}`));
          }}
        />
      )}
    </Page>
  );
}

/** The lazy page's component. */
export const Component = ContractsPage;

import { Plus } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import type { ContractListRow } from '../../db/queries/contracts';
import { ALL_SERVICES } from '../../domain/serviceTypes';
import { useExport } from '../../export/useExport';
import { Grid } from '../../ui/grid/Grid';
import { useGridSettings } from '../../ui/grid/useGridSettings';
import { CompactFilterSelect, serviceChoices } from '../../ui/fields/FilterSelects';
import { ExportButton, ExportStatus } from '../../ui/grid/GridExport';
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
  const exporter = useExport();
  const [filters, setFilters] = useState<ContractFilters>(NO_CONTRACT_FILTERS);
  const [isAdding, setAdding] = useState(false);
  const allRows = list?.rows ?? EMPTY_ROWS;
  const rows = useMemo(() => filterContracts(allRows, filters), [allRows, filters]);
  const settings = useGridSettings(CONTRACTS_GRID, CONTRACT_COLUMNS, companyId ?? undefined);

  const open = useCallback(
    (row: ContractListRow) => void navigate(pathOf(`contracts/${row.contract.id}`)),
    [navigate, pathOf],
  );
  const onExport = () => {
    const visible = new Set(settings.visibleIds);
    void exporter.exportXlsx({
      title: 'Contracts',
      columns: CONTRACT_COLUMNS.filter((column) => visible.has(column.id)),
      rows,
    });
  };
  const set = (key: keyof ContractFilters) => (value: string) => setFilters({ ...filters, [key]: value });
  const isLoading = list === undefined;

  return (
    <section className="page" aria-labelledby="contracts-title">
      <header className="page__header">
        <h1 id="contracts-title" className="page__title">
          Contracts
        </h1>
        <div className="page__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={companyId === null}
            onClick={() => setAdding(true)}
          >
            <Plus size={16} aria-hidden="true" /> Add contract
          </button>
        </div>
      </header>
      <ContractStatusSummary
        rows={allRows}
        selected={filters.status}
        onSelect={(status) => setFilters({ ...filters, status })}
      />
      <ContractTimeline rows={rows} onOpen={open} />
      <section className="contracts-grid" aria-labelledby="contracts-grid-title">
        <h2 id="contracts-grid-title" className="section-title">
          All contracts
        </h2>
        <Grid
          settings={settings}
          label="Contracts"
          columns={CONTRACT_COLUMNS}
          rows={rows}
          getRowId={(row) => row.contract.id}
          onRowActivate={open}
          isLoading={isLoading}
          emptyText={allRows.length === 0 ? 'No contracts yet' : 'No contracts match the filters'}
          freezeColumns={1}
          height={440}
          toolbar={
            <div className="contracts-filters">
              <CompactFilterSelect
                label="Status"
                all="All Statuses"
                choices={STATUS_FILTERS}
                value={filters.status}
                onChange={set('status')}
              />
              <CompactFilterSelect
                label="Service"
                all={ALL_SERVICES.label}
                choices={serviceChoices(list?.services ?? [])}
                value={filters.service}
                onChange={set('service')}
              />
              <CompactFilterSelect
                label="Vendor"
                all="All Vendors"
                choices={(list?.vendors ?? []).map((vendor) => ({ value: vendor, label: vendor }))}
                value={filters.vendor}
                onChange={set('vendor')}
              />
              <CompactFilterSelect
                label="Location"
                all="All Locations"
                choices={(list?.locations ?? []).map((location) => ({
                  value: location.id,
                  label: location.name,
                }))}
                value={filters.locationId}
                onChange={set('locationId')}
              />
              <ExportButton
                exporter={exporter}
                isDisabled={isLoading || rows.length === 0}
                onExport={onExport}
                hasBusyText={false}
              />
            </div>
          }
        />
        <ExportStatus exporter={exporter} label="Exporting contracts" />
      </section>
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
    </section>
  );
}

/** The lazy page's component. */
export const Component = ContractsPage;

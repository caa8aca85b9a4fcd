// The contracts grid's columns (spec 001 §3 Contract, §4 expiry) and the page's filters.
import type { ContractListRow } from '../../db/queries/contracts';
import { rateTypeLabel } from '../../domain/contractForm';
import { serviceLabel } from '../../domain/serviceTypes';
import type { GridColumnDef } from '../../ui/grid/columns';

/** The grid name the user's column choice is saved under. */
export const CONTRACTS_GRID = 'contracts';

/** The contracts grid: the spec's fields, linked locations, and the status of today. */
export const CONTRACT_COLUMNS: readonly GridColumnDef<ContractListRow>[] = [
  { id: 'status', title: 'Status', kind: 'text', width: 190, value: (row) => row.status },
  {
    id: 'serviceType',
    title: 'Service',
    kind: 'text',
    width: 130,
    value: (row) => serviceLabel(row.contract.serviceType),
  },
  { id: 'vendorName', title: 'Vendor', kind: 'link', width: 200, value: (row) => row.contract.vendorName },
  { id: 'startDate', title: 'Start Date', kind: 'date', value: (row) => row.contract.startDate },
  { id: 'endDate', title: 'End Date', kind: 'date', value: (row) => row.contract.endDate },
  {
    id: 'daysTillExpire',
    title: 'Days Left',
    kind: 'number',
    width: 100,
    value: (row) => row.daysTillExpire,
  },
  {
    id: 'termMonth',
    title: 'Term (Months)',
    kind: 'number',
    width: 120,
    value: (row) => row.contract.termMonth,
  },
  { id: 'contractSignDate', title: 'Signed', kind: 'date', value: (row) => row.contract.contractSignDate },
  {
    id: 'contractRate',
    title: 'Rate',
    kind: 'number',
    width: 100,
    value: (row) => row.contract.contractRate,
  },
  {
    id: 'contractRateType',
    title: 'Rate Type',
    kind: 'text',
    width: 110,
    value: (row) => rateTypeLabel(row.contract.contractRateType),
  },
  {
    id: 'contractAnnualUsage',
    title: 'Annual Usage',
    kind: 'number',
    width: 140,
    value: (row) => row.contract.contractAnnualUsage,
  },
  {
    id: 'consultantName',
    title: 'Consultant',
    kind: 'text',
    width: 160,
    value: (row) => row.contract.consultantName,
  },
  {
    id: 'linkedLocations',
    title: 'Locations',
    kind: 'number',
    width: 100,
    value: (row) => row.linkedLocationIds.length,
  },
  { id: 'documents', title: 'Documents', kind: 'number', width: 110, value: (row) => row.documentCount },
];

/** The page's filters; empty values mean all. */
export interface ContractFilters {
  status: string;
  service: string;
  vendor: string;
  locationId: string;
}

/** No filter. */
export const NO_CONTRACT_FILTERS: ContractFilters = { status: '', service: '', vendor: '', locationId: '' };

/** The status filter's choices: the spec's statuses (spec 001 §4), in the table's order. */
export const STATUS_FILTERS: readonly { value: string; label: string }[] = [
  { value: 'Expired', label: 'Expired' },
  { value: '< 30 Days Remaining', label: '< 30 Days Remaining' },
  { value: '< 90 Days Remaining', label: '< 90 Days Remaining' },
  { value: '< 180 Days Remaining', label: '< 180 Days Remaining' },
  { value: 'Active', label: 'Active' },
];

/** Rows matching the filters. */
export function filterContracts(
  rows: readonly ContractListRow[],
  filters: ContractFilters,
): readonly ContractListRow[] {
  if (!filters.status && !filters.service && !filters.vendor && !filters.locationId) return rows;
  return rows.filter(
    (row) =>
      (!filters.status || row.status === filters.status) &&
      (!filters.service || row.contract.serviceType === filters.service) &&
      (!filters.vendor || row.contract.vendorName === filters.vendor) &&
      (!filters.locationId || row.linkedLocationIds.includes(filters.locationId)),
  );
}

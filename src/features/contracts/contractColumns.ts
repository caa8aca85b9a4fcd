// The contracts grid's columns (spec 001 §3 Contract, §4 expiry) and the page's filters.
import type { ContractListRow } from '../../db/queries/contracts';
import { rateTypeLabel } from '../../domain/contractForm';
import { serviceLabel } from '../../domain/serviceTypes';
import type { GridColumnDef } from '../../ui/grid/columns';
import { dateColumn, linkColumn, numberColumn, textColumn } from '../../ui/grid/columns';

/** The grid name the user's column choice is saved under. */
export const CONTRACTS_GRID = 'contracts';

/** The contracts grid: the spec's fields, linked locations, and the status of today. */
export const CONTRACT_COLUMNS: readonly GridColumnDef<ContractListRow>[] = [
  textColumn('status', 'Status', 190, undefined, { isKey: true }),
  textColumn('serviceType', 'Service', 130, (row) => serviceLabel(row.contract.serviceType)),
  linkColumn('vendorName', 'Vendor', 200, (row) => row.contract.vendorName, { isKey: true }),
  dateColumn('startDate', 'Start Date', undefined, (row) => row.contract.startDate),
  dateColumn('endDate', 'End Date', undefined, (row) => row.contract.endDate),
  numberColumn('daysTillExpire', 'Days Left', 100, undefined, { isKey: true }),
  numberColumn('termMonth', 'Term (Months)', 120, (row) => row.contract.termMonth),
  dateColumn('contractSignDate', 'Signed', undefined, (row) => row.contract.contractSignDate),
  numberColumn('contractRate', 'Rate', 100, (row) => row.contract.contractRate),
  textColumn('contractRateType', 'Rate Type', 110, (row) => rateTypeLabel(row.contract.contractRateType)),
  numberColumn('contractAnnualUsage', 'Annual Usage', 140, (row) => row.contract.contractAnnualUsage),
  textColumn('consultantName', 'Consultant', 160, (row) => row.contract.consultantName),
  numberColumn('linkedLocations', 'Locations', 100, (row) => row.linkedLocationIds.length),
  numberColumn('documents', 'Documents', 110, (row) => row.documentCount),
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

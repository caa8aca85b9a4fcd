// Local reads of the reports area (docs/architecture.md §1): the user's saved filters, the companies a report covers
// on this device, and the rows a report reads (src/domain/reports/data.ts) — the same fields of the same synced
// rows the server loads, so the report worker's rows equal the server's.
import type { ReportData, ReportEntity } from '../../domain/reports/data';
import { compareText } from '../../domain/reports/select';
import type { OutboxStatus } from '../../domain/sync';
import type { ReportFilterRow } from '../rows';
import { rowKey } from '../rowState';
import type { AppDb } from '../schema';
import { businessUnitsOnDevice } from './accountPages';

/** A saved filter with the state of its writes not yet acknowledged, if any. */
export type SavedFilter = ReportFilterRow & { queued?: OutboxStatus };

const STATUS_WEIGHT: Readonly<Record<OutboxStatus, number>> = {
  pending: 0,
  sending: 1,
  setAside: 2,
  conflict: 3,
  rejected: 4,
};

/** The user's saved filters in a company, by name, each with its queued writes' most pressing state. */
export async function savedReportFilters(
  db: AppDb,
  companyId: number,
  userId: number,
): Promise<SavedFilter[]> {
  const rows = await db.reportFilters.where('[companyId+userId]').equals([companyId, userId]).toArray();
  const keys = new Map(rows.map((row) => [rowKey('reportFilters', row.id), row.id]));
  const entries = await db.outbox
    .where('rowKeys')
    .anyOf([...keys.keys()])
    .distinct()
    .toArray();
  const queued = new Map<string, OutboxStatus>();
  for (const entry of entries)
    for (const key of entry.rowKeys) {
      const id = keys.get(key);
      const seen = id === undefined ? undefined : queued.get(id);
      if (id !== undefined && (seen === undefined || STATUS_WEIGHT[entry.status] > STATUS_WEIGHT[seen]))
        queued.set(id, entry.status);
    }
  return rows
    .map((row): SavedFilter => {
      const status = queued.get(row.id);
      return status === undefined ? row : { ...row, queued: status };
    })
    .sort((a, b) => compareText(a.name.toLowerCase(), b.name.toLowerCase()) || compareText(a.id, b.id));
}

/** The companies a report of `companyId` covers here: itself and its business units synced to this device. */
export async function reportCompaniesOnDevice(db: AppDb, companyId: number): Promise<number[]> {
  const units = await businessUnitsOnDevice(db, companyId);
  return [
    companyId,
    ...units
      .filter((unit) => unit.isOnDevice)
      .map((unit) => unit.id)
      .sort((a, b) => a - b),
  ];
}

/** Loads the entities a report reads for the companies; the others stay empty. */
export async function loadLocalReportData(
  db: AppDb,
  companyIds: readonly number[],
  reads: readonly ReportEntity[],
): Promise<ReportData> {
  const ids = [...companyIds];
  const wants = new Set(reads);
  const byCompany = <T>(entity: ReportEntity, load: () => Promise<T[]>): Promise<T[]> =>
    wants.has(entity) ? load() : Promise.resolve([]);
  const [companies, locations, accounts, meters, bills, attributes, attributeValues] = await Promise.all([
    db.companies.bulkGet(ids),
    byCompany('locations', () => db.locations.where('companyId').anyOf(ids).toArray()),
    byCompany('accounts', () => db.accounts.where('companyId').anyOf(ids).toArray()),
    byCompany('meters', () => db.meters.where('companyId').anyOf(ids).toArray()),
    byCompany('bills', () => db.bills.where('companyId').anyOf(ids).toArray()),
    byCompany('attributes', () => db.customAttributes.where('companyId').anyOf(ids).toArray()),
    byCompany('attributeValues', () => db.locationAttributeValues.where('companyId').anyOf(ids).toArray()),
  ]);
  const [contracts, contractLinks, budgets, budgetItems] = await Promise.all([
    byCompany('contracts', () => db.contracts.where('companyId').anyOf(ids).toArray()),
    byCompany('contractLinks', () => db.contractLinkedLocations.where('companyId').anyOf(ids).toArray()),
    byCompany('budgets', () => db.budgets.where('companyId').anyOf(ids).toArray()),
    byCompany('budgetItems', () => db.budgetItems.where('companyId').anyOf(ids).toArray()),
  ]);
  return {
    companies: companies.flatMap((company) => (company ? [{ id: company.id, name: company.name }] : [])),
    locations,
    accounts,
    meters,
    bills,
    attributes,
    attributeValues,
    contracts,
    contractLinks,
    budgets,
    budgetItems,
  };
}

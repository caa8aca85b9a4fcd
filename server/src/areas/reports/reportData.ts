// The rows a report reads, from the database: the same fields of the same synced rows the device's report worker
// reads from its local database (src/domain/reports/data.ts), so both run the report functions on equal input.
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { BILL_FIGURE_COLUMNS } from '../../db/billFigures';
import {
  accounts,
  bills,
  budgetItems,
  budgets,
  companies,
  contractLinkedLocations,
  contracts,
  customAttributes,
  locationAttributeValues,
  locations,
  meters,
} from '../../db/schema';
import { callerOf, canReachCompany, companyOf } from '../../auth/access';
import type { ReportData, ReportEntity } from '../../../../src/domain/reports/data';

export { ALL_REPORT_ENTITIES } from '../../../../src/domain/reports/data';

/**
 * The companies a report covers: the route's company and, unless the caller says it is not a parent, its children
 * the caller may open (spec 001 §7 `isParent`: a parent reports over its business units).
 */
export async function reportCompanyIds(
  db: Db,
  request: FastifyRequest,
  isParent?: boolean,
): Promise<number[]> {
  const company = companyOf(request);
  if (isParent === false) return [company.id];
  const children = await db
    .select()
    .from(companies)
    .where(eq(companies.parentId, company.id))
    .orderBy(asc(companies.id));
  const ids = [company.id];
  for (const child of children) if (await canReachCompany(db, callerOf(request), child)) ids.push(child.id);
  return ids;
}

/** Loads the entities a report reads for the given companies; the others stay empty. */
export async function loadReportData(
  db: Db,
  companyIds: readonly number[],
  reads: readonly ReportEntity[],
): Promise<ReportData> {
  const ids = [...companyIds];
  const wants = new Set(reads);
  const when = async <T>(entity: ReportEntity, load: () => Promise<T[]>): Promise<T[]> =>
    wants.has(entity) ? load() : [];
  return {
    companies: await db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(inArray(companies.id, ids)),
    locations: await when('locations', () =>
      db
        .select({
          id: locations.id,
          companyId: locations.companyId,
          name: locations.name,
          siteNumber: locations.siteNumber,
          city: locations.city,
          state: locations.state,
          zip: locations.zip,
          sqft: locations.sqft,
          siteType: locations.siteType,
        })
        .from(locations)
        .where(inArray(locations.companyId, ids)),
    ),
    accounts: await when('accounts', () =>
      db
        .select({
          id: accounts.id,
          companyId: accounts.companyId,
          locationId: accounts.locationId,
          vendorId: accounts.vendorId,
          vendorName: accounts.vendorName,
          accountNumber: accounts.accountNumber,
          serviceZip: accounts.serviceZip,
          services: accounts.services,
        })
        .from(accounts)
        .where(inArray(accounts.companyId, ids)),
    ),
    meters: await when('meters', () =>
      db
        .select({ id: meters.id, accountId: meters.accountId, meterNumber: meters.meterNumber })
        .from(meters)
        .where(inArray(meters.companyId, ids)),
    ),
    bills: await when('bills', () =>
      db
        .select({
          id: bills.id,
          companyId: bills.companyId,
          accountId: bills.accountId,
          locationId: bills.locationId,
          vendorId: bills.vendorId,
          vendorName: bills.vendorName,
          ...BILL_FIGURE_COLUMNS,
        })
        .from(bills)
        .where(inArray(bills.companyId, ids)),
    ),
    attributes: await when('attributes', () =>
      db
        .select({
          id: customAttributes.id,
          companyId: customAttributes.companyId,
          attributeName: customAttributes.attributeName,
        })
        .from(customAttributes)
        .where(inArray(customAttributes.companyId, ids)),
    ),
    attributeValues: await when('attributeValues', () =>
      db
        .select({
          locationId: locationAttributeValues.locationId,
          attributeId: locationAttributeValues.attributeId,
          value: locationAttributeValues.value,
        })
        .from(locationAttributeValues)
        .where(inArray(locationAttributeValues.companyId, ids)),
    ),
    contracts: await when('contracts', () =>
      db
        .select({
          id: contracts.id,
          companyId: contracts.companyId,
          serviceType: contracts.serviceType,
          vendorName: contracts.vendorName,
          vendorId: contracts.vendorId,
          startDate: contracts.startDate,
          endDate: contracts.endDate,
          termMonth: contracts.termMonth,
          contractRate: contracts.contractRate,
          contractAnnualUsage: contracts.contractAnnualUsage,
          isExtended: contracts.isExtended,
          consultantName: contracts.consultantName,
        })
        .from(contracts)
        .where(inArray(contracts.companyId, ids)),
    ),
    contractLinks: await when('contractLinks', () =>
      db
        .select({
          contractId: contractLinkedLocations.contractId,
          locationId: contractLinkedLocations.locationId,
        })
        .from(contractLinkedLocations)
        .where(inArray(contractLinkedLocations.companyId, ids)),
    ),
    budgets: await when('budgets', () =>
      db
        .select({
          id: budgets.id,
          companyId: budgets.companyId,
          locationId: budgets.locationId,
          serviceType: budgets.serviceType,
          unit: budgets.unit,
        })
        .from(budgets)
        .where(inArray(budgets.companyId, ids)),
    ),
    budgetItems: await when('budgetItems', () =>
      db
        .select({
          budgetId: budgetItems.budgetId,
          month: budgetItems.month,
          budgetSpendAmount: budgetItems.budgetSpendAmount,
          budgetUsageAmount: budgetItems.budgetUsageAmount,
        })
        .from(budgetItems)
        .where(inArray(budgetItems.companyId, ids)),
    ),
  };
}

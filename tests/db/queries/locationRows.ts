// Row builders for the location query tests: complete synced rows with only the interesting fields given.
import type { AccountRow, AlertRow, BillRow, ContractRow, LocationRow } from '../../../src/db/rows';
import type { BillServiceSummary } from '../../../src/domain/billFigures';

const synced = (id: string, companyId: number) => ({
  id,
  companyId,
  version: 1,
  updatedAt: '2026-01-01T00:00:00Z',
});

/** A site. */
export function locationRow(
  id: string,
  companyId: number,
  overrides: Partial<LocationRow> = {},
): LocationRow {
  return {
    ...synced(id, companyId),
    name: `Store ${id}`,
    siteNumber: null,
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    sqft: 12000,
    siteType: null,
    isEnergyStarActive: false,
    esPropertyId: null,
    isActive: true,
    ...overrides,
  };
}

/** An account at a site. */
export function accountRow(
  id: string,
  companyId: number,
  locationId: string,
  services: string,
  overrides: Partial<AccountRow> = {},
): AccountRow {
  return {
    ...synced(id, companyId),
    locationId,
    vendorId: 'v1',
    vendorName: 'Bright Power',
    accountNumber: `N-${id}`,
    nickname: null,
    collectionType: null,
    serviceAddress: null,
    serviceCity: null,
    serviceState: null,
    serviceZip: null,
    esiId: null,
    subAddress: null,
    meterCustomerNumbers: null,
    services,
    nextExpectedDeliveryDate: null,
    isActive: true,
    ...overrides,
  };
}

/** One service's summary on a bill (the domain tests' builder). */
export { figures as service } from '../../helpers/billFigures';

/** A bill of an account in a month with its service summaries; total charges default to their sum. */
export function billRow(
  id: string,
  account: AccountRow,
  billMonth: string,
  services: BillServiceSummary[],
  overrides: Partial<BillRow> = {},
): BillRow {
  return {
    ...synced(id, account.companyId),
    accountId: account.id,
    locationId: account.locationId,
    vendorId: account.vendorId,
    invoiceNumber: null,
    importBatchId: null,
    earlierStatements: [],
    vendorName: account.vendorName,
    billMonth,
    invoiceDate: null,
    dueDate: null,
    status: null,
    statusDate: null,
    statementDate: null,
    readDateFrom: null,
    readDateTo: null,
    totalNewCharges: Math.round(services.reduce((sum, s) => sum + s.charges * 100, 0)) / 100,
    amountDue: 0,
    outstandingBalance: 0,
    prevMonthTotalNewCharges: null,
    prevYearTotalCharges: null,
    lateFee: 0,
    taxesFees: 0,
    isInvoiceMissing: false,
    apFileInfo: null,
    services,
    ...overrides,
  };
}

/** An alert on a bill. */
export function alertRow(id: string, bill: BillRow, overrides: Partial<AlertRow> = {}): AlertRow {
  return {
    ...synced(id, bill.companyId),
    accountId: bill.accountId,
    locationId: bill.locationId,
    billId: bill.id,
    billMonth: bill.billMonth,
    status: 'open',
    importDate: '2026-01-01',
    closedAt: null,
    serviceType: 'electric',
    usageUoM: null,
    chargeVarianceMoM: null,
    chargeVarianceYoY: null,
    usageVarianceMoM: null,
    usageVarianceYoY: null,
    lateFee: 25,
    variancePercentageChargeMoM: null,
    variancePercentageChargeYoY: null,
    variancePercentageUsageMoM: null,
    variancePercentageUsageYoY: null,
    isPublic: false,
    rule: 'anomaly',
    measured: null,
    reference: null,
    ...overrides,
  };
}

/** A contract. */
export function contractRow(
  id: string,
  companyId: number,
  endDate: string,
  overrides: Partial<ContractRow> = {},
): ContractRow {
  return {
    ...synced(id, companyId),
    serviceType: 'electric',
    vendorName: 'Bright Power',
    vendorId: null,
    startDate: '2024-01-01',
    endDate,
    termMonth: null,
    contractSignDate: null,
    contractRate: null,
    contractAnnualUsage: null,
    contractRateType: 1,
    associatedContractId: null,
    isExtended: false,
    isViewed: false,
    consultantName: null,
    notes: null,
    ...overrides,
  };
}

/** Synced columns for small rows (links, tags, attributes). */
export function base(id: string, companyId: number) {
  return synced(id, companyId);
}

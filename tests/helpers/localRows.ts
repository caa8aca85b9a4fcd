// Local (Dexie) rows for Node tests of the accounts area: the change feed's shapes with test defaults.
import type { AccountRow, AlertRow, BillRow, CompanyRow, LocationRow, MeterRow } from '../../src/db/rows';

const STAMP = '2025-01-01T00:00:00Z';

/** A location of company 1 in Austin, TX. */
export function locationRow(values: Partial<LocationRow> & { id: string }): LocationRow {
  return {
    companyId: 1,
    version: 1,
    updatedAt: STAMP,
    name: `Site ${values.id}`,
    siteNumber: null,
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    sqft: null,
    siteType: null,
    isEnergyStarActive: false,
    esPropertyId: null,
    isActive: true,
    ...values,
  };
}

/** An electric account of company 1. */
export function accountRow(values: Partial<AccountRow> & { id: string; locationId: string }): AccountRow {
  return {
    companyId: 1,
    version: 1,
    updatedAt: STAMP,
    vendorId: 'ven-1',
    vendorName: 'Bright Power',
    accountNumber: `A-${values.id}`,
    nickname: null,
    collectionType: 'PAPER',
    serviceAddress: null,
    serviceCity: null,
    serviceState: null,
    serviceZip: null,
    esiId: null,
    subAddress: null,
    meterCustomerNumbers: null,
    services: 'electric',
    nextExpectedDeliveryDate: null,
    isActive: true,
    ...values,
  };
}

/** A meter of company 1. */
export function meterRow(values: Partial<MeterRow> & { id: string; accountId: string }): MeterRow {
  return {
    companyId: 1,
    version: 1,
    updatedAt: STAMP,
    meterNumber: `M-${values.id}`,
    meterService: 'electric',
    esiId: null,
    subAddress: null,
    serviceCity: null,
    serviceState: null,
    serviceZip: null,
    ...values,
  };
}

/** A paid electric bill of company 1 for `charges` dollars. */
export function billRow(
  values: Partial<BillRow> & { id: string; accountId: string; locationId: string; billMonth: string },
  charges = 100,
): BillRow {
  return {
    companyId: 1,
    version: 1,
    updatedAt: STAMP,
    vendorId: 'ven-1',
    vendorName: 'Bright Power',
    invoiceNumber: null,
    importBatchId: null,
    earlierStatements: [],
    invoiceDate: `${values.billMonth}-05`,
    dueDate: `${values.billMonth}-25`,
    status: 'Cleared',
    statusDate: `${values.billMonth}-20`,
    statementDate: null,
    readDateFrom: null,
    readDateTo: null,
    totalNewCharges: charges,
    amountDue: charges,
    outstandingBalance: 0,
    prevMonthTotalNewCharges: null,
    prevYearTotalCharges: null,
    lateFee: 0,
    taxesFees: 0,
    isInvoiceMissing: false,
    apFileInfo: null,
    services: [
      { serviceType: 'electric', charges, usage: charges * 10, unit: 'kWh', demandKw: 12, taxesFees: 0 },
    ],
    ...values,
  };
}

/** An open alert of company 1. */
export function alertRow(
  values: Partial<AlertRow> & { id: string; accountId: string; locationId: string },
): AlertRow {
  return {
    companyId: 1,
    version: 1,
    updatedAt: STAMP,
    billId: null,
    billMonth: null,
    status: 'open',
    importDate: '2025-01-01',
    closedAt: null,
    serviceType: 'electric',
    usageUoM: 'kWh',
    chargeVarianceMoM: null,
    chargeVarianceYoY: null,
    usageVarianceMoM: null,
    usageVarianceYoY: null,
    lateFee: null,
    variancePercentageChargeMoM: null,
    variancePercentageChargeYoY: null,
    variancePercentageUsageMoM: null,
    variancePercentageUsageYoY: null,
    isPublic: false,
    rule: 'anomaly',
    measured: null,
    reference: null,
    ...values,
  };
}

/** A company record with every flag off. */
export function companyRow(values: Partial<CompanyRow> & { id: number; name: string }): CompanyRow {
  return {
    parentId: null,
    companyTypeId: 1,
    parentCompanyTypeId: null,
    sustainabilityAccess: false,
    billPayAccess: false,
    apAccess: false,
    budgetsAccess: false,
    alertsAccess: false,
    energyStarAccess: false,
    openCloseAccess: false,
    accrualsAccess: false,
    weatherNormalizationAccess: false,
    isEsActive: false,
    susScopeTooltipAccess: false,
    companyHasSupportAccess: false,
    archiveTableName: null,
    auditThresholds: null,
    version: 1,
    updatedAt: STAMP,
    ...values,
  };
}

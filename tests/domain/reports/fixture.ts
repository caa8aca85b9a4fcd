// A small hand-made company for the report tests: two sites in two states, two accounts, five bills (one marked as
// a missing invoice, one a year earlier), a budget, a contract, a custom attribute and a meter. Every figure the
// tests expect is worked out by hand from these rows.
import type { BillServiceSummary } from '../../../src/domain/billFigures';
import type { ReportBill, ReportData } from '../../../src/domain/reports/data';

/** One service's summary on a bill. */
export const service = (
  serviceType: string,
  charges: number,
  usage: number | null,
  unit: string | null,
  taxesFees = 0,
  demandKw: number | null = null,
): BillServiceSummary => ({ serviceType, charges, usage, unit, demandKw, taxesFees });

/** A bill of a month ('YYYY-MM'), read from the 1st to the 28th and invoiced on the 5th unless `overrides` say. */
export const bill = (
  id: string,
  accountId: string,
  locationId: string,
  billMonth: string,
  totalNewCharges: number,
  services: BillServiceSummary[],
  isInvoiceMissing = false,
  overrides: Partial<ReportBill> = {},
): ReportBill => ({
  id,
  companyId: 1,
  accountId,
  locationId,
  vendorId: accountId === 'A1' ? 'V1' : 'V2',
  vendorName: accountId === 'A1' ? 'Power Co' : 'Gas Co',
  billMonth: `${billMonth}-01`,
  invoiceDate: `${billMonth}-05`,
  readDateFrom: `${billMonth}-01`,
  readDateTo: `${billMonth}-28`,
  totalNewCharges,
  lateFee: 0,
  isInvoiceMissing,
  services,
  ...overrides,
});

/** The hand-made data. */
export const DATA: ReportData = {
  companies: [{ id: 1, name: 'Test Co' }],
  locations: [
    {
      id: 'L1',
      companyId: 1,
      name: 'Alpha',
      siteNumber: 'S-1',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      sqft: 10_000,
      siteType: 'Store',
    },
    {
      id: 'L2',
      companyId: 1,
      name: 'Beta',
      siteNumber: 'S-2',
      city: 'Fresno',
      state: 'CA',
      zip: '93650',
      sqft: null,
      siteType: 'Office',
    },
  ],
  accounts: [
    {
      id: 'A1',
      companyId: 1,
      locationId: 'L1',
      vendorId: 'V1',
      vendorName: 'Power Co',
      accountNumber: '100',
      serviceZip: '78702',
      services: 'electric,natural_gas',
    },
    {
      id: 'A2',
      companyId: 1,
      locationId: 'L2',
      vendorId: 'V2',
      vendorName: 'Gas Co',
      accountNumber: '200',
      serviceZip: null,
      services: 'natural_gas',
    },
  ],
  meters: [{ id: 'M1', accountId: 'A2', meterNumber: 'G-9' }],
  bills: [
    // $150 billed: electric $100 (taxes $10, 5 kW), gas $40 (taxes $4), and $10 carried apart from the services.
    bill('B1', 'A1', 'L1', '2025-01', 150, [
      service('electric', 100, 1000, 'kWh', 10, 5),
      service('natural_gas', 40, 100, 'Therms', 4),
    ]),
    bill('B2', 'A1', 'L1', '2025-03', 120, [service('electric', 120, 1200, 'kWh', 0, 6)]),
    bill('B3', 'A2', 'L2', '2025-01', 50, [service('natural_gas', 50, 200, 'Therms')]),
    bill('B4', 'A2', 'L2', '2025-02', 0, [], true),
    bill('B5', 'A2', 'L2', '2024-01', 40, [service('natural_gas', 40, 160, 'Therms')]),
  ],
  attributes: [{ id: 'AT1', companyId: 1, attributeName: 'Region' }],
  attributeValues: [
    { locationId: 'L1', attributeId: 'AT1', value: 'North' },
    { locationId: 'L2', attributeId: 'AT1', value: 'South' },
  ],
  contracts: [
    {
      id: 'C1',
      companyId: 1,
      serviceType: 'electric',
      vendorName: 'Power Co',
      vendorId: 'V1',
      startDate: '2024-01-01',
      endDate: '2025-06-30',
      termMonth: 18,
      contractRate: 0.085,
      contractAnnualUsage: 12_000,
      isExtended: false,
      consultantName: 'Casey',
    },
    {
      id: 'C2',
      companyId: 1,
      serviceType: 'natural_gas',
      vendorName: 'Gas Co',
      vendorId: 'V2',
      startDate: '2022-01-01',
      endDate: '2023-12-31',
      termMonth: 24,
      contractRate: null,
      contractAnnualUsage: null,
      isExtended: false,
      consultantName: null,
    },
  ],
  contractLinks: [{ contractId: 'C1', locationId: 'L1' }],
  budgets: [
    { id: 'BU1', companyId: 1, locationId: 'L1', serviceType: 'natural_gas', unit: 'Therms' },
    { id: 'BU2', companyId: 1, locationId: null, serviceType: 'electric', unit: 'kWh' },
  ],
  budgetItems: [
    { budgetId: 'BU1', month: '2025-01', budgetSpendAmount: 50, budgetUsageAmount: 120 },
    { budgetId: 'BU2', month: '2025-03', budgetSpendAmount: 100, budgetUsageAmount: 1000 },
  ],
};

/** January to March 2025. */
export const Q1 = { fromMonth: '2025-01', toMonth: '2025-03' } as const;

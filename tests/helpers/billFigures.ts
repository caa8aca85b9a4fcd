// Bills as the domain's figure rules read them, for the tests of src/domain/billFigures.ts and billTables.ts.
import type { BillServiceSummary, FigureBill } from '../../src/domain/billFigures';

/** One service's summary on a bill; a usage gets the unit kWh unless `more` says otherwise. */
export function figures(
  serviceType: string,
  charges: number,
  usage: number | null = null,
  more: Partial<BillServiceSummary> = {},
): BillServiceSummary {
  return {
    serviceType,
    charges,
    usage,
    unit: usage === null ? null : 'kWh',
    demandKw: null,
    taxesFees: 0,
    ...more,
  };
}

/** A bill of account a1 in a month; total charges default to the services' sum. */
export function bill(
  billMonth: string,
  services: BillServiceSummary[],
  more: Partial<FigureBill> = {},
): FigureBill {
  return {
    billMonth,
    accountId: 'a1',
    totalNewCharges: services.reduce((sum, s) => sum + s.charges, 0),
    isInvoiceMissing: false,
    services,
    ...more,
  };
}

/** The services of the test accounts. */
export const servicesOf = (id: string) => ({ a1: 'electric', a2: 'water, trash', a3: null })[id];

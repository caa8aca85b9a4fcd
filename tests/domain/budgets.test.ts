import { describe, expect, it } from 'vitest';
import type { BillServiceSummary } from '../../src/domain/billFigures';
import { budgetActuals } from '../../src/domain/budgets';

const gas = (charges: number, usage: number | null): BillServiceSummary => ({
  serviceType: 'natural_gas',
  charges,
  usage,
  unit: 'Therms',
  demandKw: null,
  taxesFees: 0,
});

const bills = [
  {
    locationId: 'L1',
    billMonth: '2025-01-01',
    isInvoiceMissing: false,
    services: [gas(10.1, 1.1), gas(0.2, 0.2)],
  },
  { locationId: 'L2', billMonth: '2025-01-01', isInvoiceMissing: false, services: [gas(5, null)] },
  { locationId: 'L1', billMonth: '2025-02-01', isInvoiceMissing: true, services: [gas(99, 99)] },
  { locationId: 'L1', billMonth: '2025-05-01', isInvoiceMissing: false, services: [gas(7, 7)] },
];

describe('budgetActuals', () => {
  it("sums a site budget's service per month to the cent, ignoring missing invoices and other months", () => {
    const actuals = budgetActuals({ locationId: 'L1', serviceType: 'natural_gas' }, bills, [
      '2025-01',
      '2025-02',
    ]);
    expect(Object.fromEntries(actuals)).toEqual({
      '2025-01': { actualSpendAmount: 10.3, actualUsageAmount: 1.3 },
      '2025-02': { actualSpendAmount: 0, actualUsageAmount: 0 },
    });
  });

  it('sums every site for a company-wide budget and nothing of other services', () => {
    const company = budgetActuals({ locationId: null, serviceType: 'natural_gas' }, bills, ['2025-01']);
    expect(company.get('2025-01')).toEqual({ actualSpendAmount: 15.3, actualUsageAmount: 1.3 });
    const electric = budgetActuals({ locationId: null, serviceType: 'electric' }, bills, ['2025-01']);
    expect(electric.get('2025-01')).toEqual({ actualSpendAmount: 0, actualUsageAmount: 0 });
  });
});

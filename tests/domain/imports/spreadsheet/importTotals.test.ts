import { describe, expect, it } from 'vitest';
import { classifyBills } from '../../../../src/domain/imports/spreadsheet/duplicates';
import { guessColumnMapping } from '../../../../src/domain/imports/spreadsheet/headers';
import { importTotals } from '../../../../src/domain/imports/spreadsheet/importTotals';
import { readBillSheet } from '../../../../src/domain/imports/spreadsheet/sheetBills';

describe('importTotals', () => {
  it('counts the file and totals usage and cost per unit, exact to the cent and the thousandth', () => {
    const headers = ['Site #', 'Account', 'Vendor', 'Service', 'End Date', 'Usage', 'Unit', 'Total'];
    const reading = readBillSheet(
      [
        ['S1', '1', 'Metro Power', 'Electric', '2025-01-31', '0.1', 'kWh', '0.10'],
        ['S1', '1', 'METRO POWER', 'Electric', '2025-02-28', '0.2', 'kwh', '0.20'],
        ['S2', '2', 'City Gas', 'Gas', '2025-02-28', '10', 'therms', '12.00'],
        ['S2', '3', 'City Gas', 'Trash', '2025-02-28', '', '', '30'],
        ['S2', '3', 'City Gas', 'Trash', '2025-02-28', '', '', '30'],
        ['', '4', 'City Gas', 'Trash', 'never', '', '', '30'],
      ],
      guessColumnMapping(headers),
    );
    const totals = importTotals(reading, classifyBills(reading.bills, []));
    expect(totals).toEqual({
      rows: 6,
      bills: 5,
      chargeLines: 5,
      usageLines: 3,
      errorRows: 1,
      accounts: 3,
      vendors: 2,
      sites: 2,
      duplicates: 1,
      reissues: 0,
      byUnit: [
        { unit: 'kWh', usage: 0.3, cost: 0.3 },
        { unit: 'therms', usage: 10, cost: 12 },
        { unit: null, usage: 0, cost: 60 },
      ],
    });
  });

  it('is all zeros for an empty file', () => {
    const totals = importTotals({ bills: [], errors: [], errorRows: [], rowCount: 0 });
    expect(totals.byUnit).toEqual([]);
    expect(totals.bills).toBe(0);
  });
});

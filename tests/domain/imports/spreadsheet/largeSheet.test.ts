import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../../src/domain/imports/spreadsheet/cells';
import { classifyBills } from '../../../../src/domain/imports/spreadsheet/duplicates';
import { guessColumnMapping } from '../../../../src/domain/imports/spreadsheet/headers';
import { importTotals } from '../../../../src/domain/imports/spreadsheet/importTotals';
import { readBillSheet } from '../../../../src/domain/imports/spreadsheet/sheetBills';

const ROWS = 50_000;
const HEADERS = (
  'Acct # | Utility | Service | Svc Start | Svc End | Bill Date | Due Date | Usage | UOM | Demand (kW) | ' +
  'Delivery Charges | Supply Charges | Taxes | Total'
).split(' | ');

/** A CSV-like sheet: text cells as a CSV parser gives them, one row in a thousand in error. */
function sheet(): Cell[][] {
  const rows: Cell[][] = [];
  for (let i = 0; i < ROWS; i += 1) {
    const account = `ACCT-${i % 4000}`;
    const month = (Math.floor(i / 4000) % 12) + 1;
    const mm = String(month).padStart(2, '0');
    const isGas = i % 3 === 0;
    rows.push([
      account,
      isGas ? 'City Gas' : 'Metro Power',
      isGas ? 'Natural Gas' : 'Electricity',
      `${mm}/01/2025`,
      i % 1000 === 999 ? `${mm}/45/2025` : `${mm}/28/2025`,
      `${mm}/28/2025`,
      `2025-${mm}-28`,
      `${(1000 + (i % 900)).toLocaleString('en-US')}`,
      isGas ? 'Therms' : 'kWh',
      isGas ? '' : '42.5',
      '$100.25',
      '$200.50',
      '$10.00',
      '$310.75',
    ]);
  }
  return rows;
}

describe('a 50,000-row bill spreadsheet', () => {
  it('parses, validates, de-duplicates and totals (time printed, not asserted)', { timeout: 60_000 }, () => {
    const rows = sheet();
    const started = performance.now();
    const reading = readBillSheet(rows, guessColumnMapping(HEADERS));
    const parsed = performance.now();
    const matches = classifyBills(reading.bills, []);
    const totals = importTotals(reading, matches);
    const finished = performance.now();
    console.log(
      `50,000 rows: read and validated in ${Math.round(parsed - started)} ms; ` +
        `classified and totalled in ${Math.round(finished - parsed)} ms; ${Math.round(finished - started)} ms in all`,
    );
    expect(totals.rows).toBe(ROWS);
    expect(totals.errorRows).toBe(50);
    expect(totals.bills).toBe(ROWS - 50);
    expect(reading.errors).toHaveLength(50);
  });
});

import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../../src/domain/imports/spreadsheet/cells';
import { guessColumnMapping } from '../../../../src/domain/imports/spreadsheet/headers';
import { NOT_ITEMISED, readBillSheet } from '../../../../src/domain/imports/spreadsheet/sheetBills';

/** A sheet written as text, a row a line and cells between '|', as a CSV parser would give it. */
function table(text: string): Cell[][] {
  return text
    .trim()
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()));
}

/** Reads a sheet (its header row first) with the guessed mapping. */
function read(sheet: readonly (readonly Cell[])[]) {
  const [headers = [], ...rows] = sheet;
  return readBillSheet(rows, guessColumnMapping(headers.map(String)));
}

const BILL_HEADERS = table(
  'Acct # | Utility | Service | Svc Start | Svc End | Bill Date | Due Date | Usage | UOM | Demand (kW) | ' +
    'Delivery Charges | Supply Charges | Taxes | Late Fee | Total',
)[0] as Cell[];

describe('readBillSheet: a bill per row', () => {
  it('reads CSV text and XLSX values alike into bills with their lines', () => {
    const csv = read([
      BILL_HEADERS,
      ...table(
        '1234-5 | Metro Power | Electricity | 01/05/2025 | 02/04/2025 | 02/06/2025 | 02/27/2025 | 12,480 | KWH | 41.5 | ' +
          '$812.40 | $1,020.10 | $95.50 | | $1,928.00',
      ),
    ]);
    const xlsxRow: Cell[] = [
      '1234-5',
      'Metro Power',
      'Electricity',
      45662,
      45692,
      new Date(Date.UTC(2025, 1, 6)),
    ];
    xlsxRow.push('2025-02-27', 12480, 'kWh', 41.5, 812.4, 1020.1, 95.5, null, 1928);
    const xlsx = read([BILL_HEADERS, xlsxRow]);
    expect(csv.errors).toEqual([]);
    expect(xlsx.bills).toEqual(csv.bills);
    const line = { serviceType: 'electric', tariff: null, description: null };
    expect(csv.bills).toEqual([
      {
        key: '12345|metro power|2025-01-05..2025-02-04',
        rows: [2],
        accountNumber: '1234-5',
        vendorName: 'Metro Power',
        siteNumber: null,
        siteName: null,
        meterNumber: null,
        invoiceNumber: null,
        billMonth: '2025-02',
        readDateFrom: '2025-01-05',
        readDateTo: '2025-02-04',
        invoiceDate: '2025-02-06',
        dueDate: '2025-02-27',
        totalNewCharges: 1928,
        amountDue: 1928,
        lateFee: 0,
        taxesFees: 95.5,
        charges: [
          { ...line, chargeClassification: 'Delivery', amount: 812.4 },
          { ...line, chargeClassification: 'Energy', amount: 1020.1 },
          { ...line, chargeClassification: 'Taxes & Fees', amount: 95.5 },
        ],
        usages: [
          {
            serviceName: 'electric',
            tariff: null,
            measurementType: null,
            energyUnit: 'kWh',
            usageTotal: 12480,
            kwMax: 41.5,
            kvaMax: null,
            kvarSum: null,
            readDateFrom: '2025-01-05',
            readDateTo: '2025-02-04',
          },
        ],
      },
    ]);
    expect(csv.rowCount).toBe(1);
  });

  it('takes the unit and the service from a usage column named by its unit', () => {
    const { bills, errors } = read(
      table(`
      Account | Vendor   | Bill Month | Therms | Amount Due
      88-1    | City Gas | March 2025 | 1,204  | ($12.00)
    `),
    );
    expect(errors).toEqual([]);
    expect(bills[0]).toMatchObject({
      billMonth: '2025-03',
      readDateTo: null,
      totalNewCharges: -12,
      amountDue: -12,
      usages: [{ serviceName: 'natural_gas', energyUnit: 'therms', usageTotal: 1204 }],
      // A total the file does not itemise is one charge line, so the lines add up to it.
      charges: [{ serviceType: 'natural_gas', chargeClassification: null, description: null, amount: -12 }],
    });
  });

  it('keeps the part of a total the charges do not itemise as its own line', () => {
    const { bills } = read(
      table(`
      Account | Vendor   | Service | End Date   | Late Fee | Total
      A1      | Water Co | Water   | 2025-03-31 | 5        | 105.25
    `),
    );
    expect(bills[0]?.lateFee).toBe(5);
    expect(
      bills[0]?.charges.map((line) => [line.chargeClassification, line.description, line.amount]),
    ).toEqual([
      ['Late Fee', null, 5],
      [null, NOT_ITEMISED, 100.25],
    ]);
  });

  it('skips blank rows and numbers rows as the sheet does', () => {
    const { bills, rowCount } = read([
      ...table('Account | Vendor | Service | End Date | Total'),
      [',', '', null],
      ['', '', '', '', ''],
      ...table('A1 | Water Co | Water | 2025-03-31 | 10'),
    ]);
    expect(rowCount).toBe(2);
    expect(bills[0]?.rows).toEqual([4]);
  });
});

describe('readBillSheet: validation', () => {
  const [headers = [], good = []] = table(`
    Acct # | Utility     | Service  | Svc Start  | Svc End    | Bill Date  | Due Date   | kWh | UOM | Total
    1      | Metro Power | Electric | 2025-01-05 | 2025-02-04 | 2025-02-06 | 2025-02-27 | 100 |     | 10
  `);
  const withCells = (changes: Record<number, Cell>) =>
    good.map((cell, i) => (i in changes ? changes[i] : cell));
  const UNITS = 'kWh, MWh, therms, ccf, mcf, dth, mmbtu, kbtu, gallons, kgal';

  it.each<[string, Record<number, Cell>, string, string]>([
    ['an empty account', { 0: '' }, 'accountNumber', "Account number ('Acct #') is empty."],
    ['an empty vendor', { 1: ' ' }, 'vendorName', "Vendor ('Utility') is empty."],
    [
      'an unknown service',
      { 2: 'Unobtainium' },
      'serviceType',
      "Service ('Service'): 'Unobtainium' is not a service the portal knows (Electricity, Natural Gas, Water…).",
    ],
    [
      'a date that is none',
      { 3: '2025-02-30' },
      'readDateFrom',
      "Read date from ('Svc Start'): '2025-02-30' is not a date; write it as MM/DD/YYYY or YYYY-MM-DD.",
    ],
    [
      'dates out of order',
      { 3: '2025-03-05' },
      'readDateFrom',
      "Read date from ('Svc Start') 2025-03-05 is after Read date to ('Svc End') 2025-02-04.",
    ],
    [
      'a start without an end',
      { 4: '', 5: '' },
      'readDateTo',
      "Read date to ('Svc End') is empty while the read date from is given.",
    ],
    [
      'no period at all',
      { 3: '', 4: '', 5: '' },
      'billMonth',
      'The service period is missing: give the read dates or the bill month.',
    ],
    [
      'a due date before the invoice',
      { 6: '2025-02-01' },
      'dueDate',
      "Due date ('Due Date') 2025-02-01 is before the invoice date 2025-02-06.",
    ],
    ['a usage that is no number', { 7: 'lots' }, 'usage', "Usage ('kWh'): 'lots' is not a number."],
    [
      'an unknown unit',
      { 8: 'furlongs' },
      'unit',
      `Unit ('UOM'): 'furlongs' is not a unit the portal reads (${UNITS}).`,
    ],
    ['a unit the service is not billed in', { 8: 'therms' }, 'unit', 'Electricity is not billed in therms.'],
    [
      'a usage past its column',
      { 7: '12345678901234' },
      'usage',
      "Usage ('kWh') 12,345,678,901,234 is too large: a bill keeps less than 10,000,000,000,000 here.",
    ],
    [
      'a total with a fraction of a cent',
      { 9: '10.005' },
      'totalNewCharges',
      "Total charges ('Total') 10.005 has more than 2 decimals.",
    ],
    [
      'no amount',
      { 9: '' },
      'totalNewCharges',
      'The bill has no amount: the total, the amount due and every charge are empty.',
    ],
  ])('words %s', (_, changes, field, message) => {
    const result = read([headers, good, withCells(changes)]);
    expect(result.errors).toEqual([{ row: 3, field, message }]);
    expect(result.errorRows).toEqual([3]);
    expect(result.bills.map((bill) => bill.rows)).toEqual([[2]]);
  });

  it.each([
    [
      'a unit when neither a column nor the header gives one',
      'Account | Vendor | Service | End Date | Usage | Total\n1 | Metro Power | Electric | 2025-02-04 | 100 | 10',
      'unit',
      "Usage ('Usage') has no unit: add a unit column or name the unit in its header (kWh).",
    ],
    [
      'a service when the unit names none',
      'Account | Vendor | End Date | Gallons | Total\n1 | Water Co | 2025-02-04 | 100 | 10',
      'serviceType',
      'The service is missing: add a service column, or a unit that names it (kWh, therms).',
    ],
    [
      'charges that add up to no more than the total',
      'Account | Vendor | Service | End Date | Delivery | Total\n1 | Metro Power | Electric | 2025-02-04 | 120 | 100',
      'totalNewCharges',
      'The charges add up to $120.00, more than the total of $100.00.',
    ],
    [
      'a charge within its column',
      'Account | Vendor | Service | End Date | Delivery\n1 | Metro Power | Electric | 2025-02-04 | 1e15',
      'charges',
      'Delivery charges is too large: a bill keeps less than 1,000,000,000,000 here.',
    ],
  ])('asks for %s', (_, text, field, message) => {
    const result = read(table(text));
    expect(result.errors).toEqual([{ row: 2, field, message }]);
    expect(result.bills).toEqual([]);
  });
});

const LINE_HEADERS =
  'Account | Vendor | Service | Start | End | Invoice # | Charge Type | Description | Amount | Usage | Unit';

describe('readBillSheet: a bill line per row', () => {
  it('groups the lines of one account, vendor and period into one bill, in any order', () => {
    const result = read(
      table(`
      ${LINE_HEADERS}
      1234-5 | Metro Power | Electric | 2025-01-05 | 2025-02-04 | INV-1 |                     | Meter read |        | 12480 | kWh
      9      | City Gas    | Gas      | 2025-01-01 | 2025-01-31 |       | Supply              | Gas supply | 40     |       |
      1234-5 | Metro Power | Electric | 2025-01-05 | 2025-02-04 | INV-1 | Distribution Charge | Delivery   | 812.40 |       |
      12345  | METRO POWER | Electric | 2025-01-05 | 2025-02-04 |       | Sales Tax           | State tax  | 95.50  |       |
      1234-5 | Metro Power | Electric | 2025-01-05 | 2025-02-04 | INV-1 | Late Payment        | Late fee   | 10     |       |
    `),
    );
    expect(result.errors).toEqual([]);
    expect(
      result.bills.map((bill) => [
        bill.accountNumber,
        bill.rows,
        bill.totalNewCharges,
        bill.lateFee,
        bill.taxesFees,
      ]),
    ).toEqual([
      ['1234-5', [2, 4, 5, 6], 917.9, 10, 95.5],
      ['9', [3], 40, 0, 0],
    ]);
    expect(result.bills[0]?.charges.map((line) => [line.chargeClassification, line.description])).toEqual([
      ['Delivery', 'Delivery'],
      ['Taxes & Fees', 'State tax'],
      ['Late Fee', 'Late fee'],
    ]);
    expect(
      result.bills[0]?.usages.map((line) => [line.serviceName, line.usageTotal, line.energyUnit]),
    ).toEqual([['electric', 12480, 'kWh']]);
  });

  it('keeps a classification the portal does not know as the file writes it', () => {
    const result = read(
      table(`${LINE_HEADERS}\n1 | Metro Power | Electric | | 2025-02-04 | | Rebate | | -5 | |`),
    );
    expect(result.bills[0]?.charges[0]?.chargeClassification).toBe('Rebate');
  });

  it('holds back every line of a bill one of whose lines is in error', () => {
    const result = read(
      table(`
      ${LINE_HEADERS}
      1 | Metro Power | Electric | 2025-01-05 | 2025-02-04 | | Delivery | | 10  | |
      1 | Metro Power | Electric | 2025-01-05 | 2025-02-04 | | Supply   | | ten | |
      2 | Metro Power | Electric | 2025-01-05 | 2025-02-04 | | Supply   | | 7   | |
      1 | Metro Power | Electric | 2025-01-05 | 2025-02-04 | |   | a note |     | |
    `),
    );
    expect(result.bills.map((bill) => bill.rows)).toEqual([[4]]);
    expect(result.errorRows).toEqual([2, 3, 5]);
    expect(result.errors).toEqual([
      { row: 2, field: 'row', message: 'Held back with row 3: a bill is imported whole.' },
      { row: 3, field: 'lineAmount', message: "Line amount ('Amount'): 'ten' is not a number." },
      { row: 5, field: 'lineAmount', message: 'The line has neither an amount nor a usage.' },
    ]);
  });

  it('refuses lines of one bill that disagree on the bill’s own values', () => {
    const result = read(
      table(`
      ${LINE_HEADERS}
      1 | Metro Power | Electric | 2025-01-05 | 2025-02-04 | INV-1 | Delivery | | 10 | |
      1 | Metro Power | Electric | 2025-01-05 | 2025-02-04 | INV-2 | Supply   | | 5  | |
    `),
    );
    expect(result.bills).toEqual([]);
    expect(result.errors).toEqual([
      { row: 2, field: 'row', message: 'Held back with row 3: a bill is imported whole.' },
      { row: 3, field: 'invoiceNumber', message: 'INV-2 differs from INV-1 on row 2 of the same bill.' },
    ]);
  });
});

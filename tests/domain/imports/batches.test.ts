import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  ImportFileError,
  parseCsv,
  prepareBillRows,
  prepareGreenButton,
  readSpreadsheet,
} from '../../../src/domain/imports/batches';

describe('parseCsv (RFC 4180)', () => {
  it('reads quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,"b ""x"", y"\r\n"multi\nline",2\n')).toEqual([
      ['a', 'b "x", y'],
      ['multi\nline', '2'],
    ]);
  });
  it('refuses a quote left open', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(ImportFileError);
  });
});

describe('readSpreadsheet', () => {
  it('reads the first sheet of an XLSX workbook written by another tool (exceljs), numbers as numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Bills');
    sheet.addRow(['Account Number', 'Usage']);
    sheet.addRow(['A-1', 1200.5]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(await readSpreadsheet('bills.xlsx', bytes)).toEqual([
      ['Account Number', 'Usage'],
      ['A-1', 1200.5],
    ]);
  });
  it('names why a file cannot be read', async () => {
    await expect(readSpreadsheet('bills.xlsx', new Uint8Array([1, 2, 3]))).rejects.toThrow(
      /not a readable workbook/,
    );
    await expect(readSpreadsheet('bills.pdf', new Uint8Array())).rejects.toThrow(/\.csv or \.xlsx/);
  });
});

describe('prepareBillRows', () => {
  it('guesses the mapping and says which required fields no column covers', () => {
    expect(() => prepareBillRows([['Usage'], ['5']])).toThrow(/No column is mapped to/);
  });
});

describe('prepareGreenButton', () => {
  it('makes one bill per month of a utility-produced monthly gas file', () => {
    const xml = readFileSync('tests/fixtures/greenButton/gasMonthlyOpower.xml', 'utf8');
    const { reading } = prepareGreenButton(xml, { accountNumber: 'G-1', vendorName: 'Gas Co' });
    expect(reading.bills.length).toBeGreaterThan(0);
    const months = reading.bills.map((bill) => bill.billMonth);
    expect(new Set(months).size).toBe(months.length);
    expect(reading.bills.every((bill) => bill.usages[0]?.usageTotal !== undefined)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { GL_COLUMNS, glCodeFor, glCsv, glFileName, glLines } from '../../src/domain/glFile';
import type { GlSource } from '../../src/domain/glFile';

function source(overrides: Partial<GlSource>): GlSource {
  return {
    accountNumber: '100',
    vendorName: 'Lone Star Power',
    services: 'electric',
    costCenter: 'CC-1',
    invoiceDate: '2026-03-01',
    paymentDate: '2026-03-20',
    amount: 10,
    ...overrides,
  };
}

describe('glCodeFor', () => {
  it.each([
    ['electric', '6110'],
    ['natural_gas', '6120'],
    ['water', '6130'],
    ['sewer', '6135'],
    ['trash', '6140'],
    ['telecom', '6150'],
    ['steam', '6100'],
    [null, '6100'],
    ['', '6100'],
  ])('%j books to %s', (service, code) => {
    expect(glCodeFor(service)).toBe(code);
  });
});

describe('glLines', () => {
  it('books each payment by its account’s first service, sorted by GL code, cost centre, date and account', () => {
    const { lines, total } = glLines([
      source({ accountNumber: '300', services: 'water', amount: 0.2 }),
      source({ accountNumber: '200', paymentDate: '2026-03-10', amount: 0.1 }),
      source({ accountNumber: '100', costCenter: '  ', services: 'electric,water', amount: 5 }),
      source({ accountNumber: '400', services: null, costCenter: null, amount: 1 }),
    ]);
    expect(lines.map((line) => [line.glCode, line.costCenter, line.accountNumber, line.service])).toEqual([
      ['6100', null, '400', ''],
      ['6110', null, '100', 'Electricity'],
      ['6110', 'CC-1', '200', 'Electricity'],
      ['6130', 'CC-1', '300', 'Water'],
    ]);
    expect(total).toBe(6.3);
  });
});

describe('glCsv', () => {
  it('writes a header and one CRLF line per GL line, quoting what needs it and keeping formulas as text', () => {
    const { lines } = glLines([
      source({ vendorName: 'Power, "Gas" & Co', amount: 1234.5 }),
      source({ accountNumber: '=1+2', costCenter: null, invoiceDate: null, amount: -3 }),
    ]);
    const csv = glCsv(lines);
    expect(csv.split('\r\n')).toEqual([
      GL_COLUMNS.map((column) => column.title).join(','),
      "6110,,'=1+2,Lone Star Power,,2026-03-20,-3.00,Electricity",
      '6110,CC-1,100,"Power, ""Gas"" & Co",2026-03-01,2026-03-20,1234.50,Electricity',
      '',
    ]);
  });
});

describe('glFileName', () => {
  it('names the range and the format', () => {
    expect(glFileName('2026-01-01', '2026-03-31', 'xlsx')).toBe('GL 2026-01-01 to 2026-03-31.xlsx');
    expect(glFileName('2026-01-01', '2026-03-31', 'csv')).toBe('GL 2026-01-01 to 2026-03-31.csv');
  });
});

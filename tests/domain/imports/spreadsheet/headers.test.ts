import { describe, expect, it } from 'vitest';
import type { ColumnTarget } from '../../../../src/domain/imports/spreadsheet/fields';
import type { BillColumnMapping } from '../../../../src/domain/imports/spreadsheet/headers';
import {
  applySavedMapping,
  chargeClassificationOf,
  describeMapping,
  guessColumnMapping,
  guessColumnTarget,
  guessLayout,
  headerWords,
} from '../../../../src/domain/imports/spreadsheet/headers';

describe('headerWords', () => {
  it.each([
    ['Acct #', 'acct number'],
    ['Usage/Quantity', 'usage quantity'],
    ['AccountCode', 'account code'],
    ['  Cost ($) ', 'cost'],
    ['Taxes & Fees', 'taxes and fees'],
    ['SVC_START', 'svc start'],
  ])('reads %j as %j', (header, words) => {
    expect(headerWords(header)).toBe(words);
  });
});

describe('guessColumnTarget', () => {
  it.each<[string, ColumnTarget | null]>([
    ['Account Number', { field: 'accountNumber' }],
    ['Acct #', { field: 'accountNumber' }],
    ['ACCT NO.', { field: 'accountNumber' }],
    ['Utility Account ID', { field: 'accountNumber' }],
    ['Vendor', { field: 'vendorName' }],
    ['Utility', { field: 'vendorName' }],
    ['Provider Name', { field: 'vendorName' }],
    ['Service Type', { field: 'serviceType' }],
    ['Commodity', { field: 'serviceType' }],
    ['Meter Type', { field: 'serviceType' }],
    ['Meter #', { field: 'meterNumber' }],
    ['Rate Schedule', { field: 'tariff' }],
    ['Site #', { field: 'siteNumber' }],
    ['Store Number', { field: 'siteNumber' }],
    ['Location', { field: 'siteName' }],
    ['Building Name', { field: 'siteName' }],
    ['Invoice #', { field: 'invoiceNumber' }],
    ['Statement ID', { field: 'invoiceNumber' }],
    ['Svc Start', { field: 'readDateFrom' }],
    ['Service From', { field: 'readDateFrom' }],
    ['Previous Read Date', { field: 'readDateFrom' }],
    ['Read Date From', { field: 'readDateFrom' }],
    ['Billing Period Start Date', { field: 'readDateFrom' }],
    ['Svc End', { field: 'readDateTo' }],
    ['Current Read Date', { field: 'readDateTo' }],
    ['Read Date To', { field: 'readDateTo' }],
    ['Thru', { field: 'readDateTo' }],
    ['Bill Date', { field: 'invoiceDate' }],
    ['Inv Date', { field: 'invoiceDate' }],
    ['Due Date', { field: 'dueDate' }],
    ['Payment Due', { field: 'dueDate' }],
    ['Bill Month', { field: 'billMonth' }],
    ['Billing Period', { field: 'billMonth' }],
    ['Usage', { field: 'usage' }],
    ['Consumption', { field: 'usage' }],
    ['kWh', { field: 'usage', unit: 'kWh' }],
    ['Therms', { field: 'usage', unit: 'therms' }],
    ['Usage (kWh)', { field: 'usage', unit: 'kWh' }],
    ['Total Gallons', { field: 'usage', unit: 'gallons' }],
    ['CCF Usage', { field: 'usage', unit: 'ccf' }],
    ['Quantity (MWh)', { field: 'usage', unit: 'MWh' }],
    ['UOM', { field: 'unit' }],
    ['Unit of Measure', { field: 'unit' }],
    ['Demand (kW)', { field: 'demandKw' }],
    ['Peak kW', { field: 'demandKw' }],
    ['Billed Demand', { field: 'demandKw' }],
    ['Total Charges', { field: 'totalNewCharges' }],
    ['Current Charges', { field: 'totalNewCharges' }],
    ['Cost ($)', { field: 'totalNewCharges' }],
    ['Amount Due', { field: 'amountDue' }],
    ['Balance Due', { field: 'amountDue' }],
    ['Delivery Charges', { field: 'charges', classification: 'Delivery' }],
    ['Distribution Charge', { field: 'charges', classification: 'Delivery' }],
    ['Supply Cost', { field: 'charges', classification: 'Energy' }],
    ['Demand Charge', { field: 'charges', classification: 'Demand' }],
    ['Demand Cost ($)', { field: 'charges', classification: 'Demand' }],
    ['Customer Charge', { field: 'charges', classification: 'Customer Charge' }],
    ['Sales Tax', { field: 'charges', classification: 'Taxes & Fees' }],
    ['Taxes & Fees', { field: 'charges', classification: 'Taxes & Fees' }],
    ['Late Fee', { field: 'charges', classification: 'Late Fee' }],
    ['Misc Charges', { field: 'charges', classification: 'Other' }],
    // EnergyCAP's TYPE:UNIT:LABEL bill line columns.
    ['USE:KWH:Total Use', { field: 'usage', unit: 'kWh' }],
    ['USE:FURLONG:Total Use', { field: 'usage' }],
    ['DEMAND:KW:Billed Demand', { field: 'demandKw' }],
    ['COST:USD:Delivery', { field: 'charges', classification: 'Delivery' }],
    ['COST:USD:Total Cost', { field: 'totalNewCharges' }],
    ['Street Address', null],
    ['Estimation', null],
    ['', null],
  ])('maps %j', (header, target) => {
    expect(guessColumnTarget(header)).toEqual(target);
  });

  it('reads a plain amount as the line amount in a bill line per row file', () => {
    expect(guessColumnTarget('Amount', 'linePerRow')).toEqual({ field: 'lineAmount' });
    expect(guessColumnTarget('Amount')).toEqual({ field: 'totalNewCharges' });
  });
});

describe('chargeClassificationOf', () => {
  it.each([
    ['Transmission', 'Delivery'],
    ['Generation Charge', 'Energy'],
    ['Basic Service Charge', 'Customer Charge'],
    ['Surcharges', 'Taxes & Fees'],
    ['Rebate', null],
  ])('classifies %j as %j', (text, classification) => {
    expect(chargeClassificationOf(text)).toBe(classification);
  });
});

const fieldsOf = (headers: readonly string[]) =>
  guessColumnMapping(headers).columns.map((column) =>
    column.target
      ? [column.target.field, column.target.classification ?? column.target.unit ?? ''].join(' ').trim()
      : null,
  );

describe('guessColumnMapping: real header rows', () => {
  it('maps the columns of EnergyCAP’s advanced bill import file', () => {
    // Required and common columns of EnergyCAP's "Bill import with advanced file format" (helpcenter.energycap.com/
    // Bill_Import/Bill_Import_Advanced_File_Format.htm: account code, vendor code, start date, end date, A/C/E, meter
    // code, bill line columns TYPE:UNIT:LABEL) and of its older flat file example (help.energycap.com, "Non-EDI Bill
    // Import Rules and Options": AccountCode | STARTDATE | ENDDATE | ACE | MeterCode).
    const headers = [
      'Account Code',
      'Vendor Code',
      'Start Date',
      'End Date',
      'A/C/E',
      'Meter Code',
      'USE:KWH:Total Use',
      'DEMAND:KW:Billed Demand',
      'COST:USD:Delivery',
      'COST:USD:Total Cost',
    ];
    expect(fieldsOf(headers)).toEqual([
      'accountNumber',
      'vendorName',
      'readDateFrom',
      'readDateTo',
      null,
      'meterNumber',
      'usage kWh',
      'demandKw',
      'charges Delivery',
      'totalNewCharges',
    ]);
    expect(fieldsOf(['AccountCode', 'STARTDATE', 'ENDDATE', 'ACE', 'MeterCode'])).toEqual([
      'accountNumber',
      'readDateFrom',
      'readDateTo',
      null,
      'meterNumber',
    ]);
  });

  it('maps the columns of Portfolio Manager’s meter consumption sheet, reporting what it lacks', () => {
    // The "Meter Consumption Data" sheet of Portfolio Manager's spreadsheet upload, as SEED reads it
    // (SEED-platform/seed, seed/data_importer/meters_parser.py: Portfolio Manager ID, Portfolio Manager Meter ID,
    // Start Date, End Date, Meter Type, Usage/Quantity, Usage Units; Cost ($), Demand (kW), Demand Cost ($) with them).
    const headers = [
      'Portfolio Manager ID',
      'Portfolio Manager Meter ID',
      'Street Address',
      'Meter Type',
      'Start Date',
      'End Date',
      'Usage/Quantity',
      'Usage Units',
      'Cost ($)',
      'Demand (kW)',
      'Demand Cost ($)',
      'Estimation',
    ];
    const mapping = guessColumnMapping(headers);
    expect(fieldsOf(headers)).toEqual([
      'siteNumber',
      'meterNumber',
      null,
      'serviceType',
      'readDateFrom',
      'readDateTo',
      'usage',
      'unit',
      'totalNewCharges',
      'demandKw',
      'charges Demand',
      null,
    ]);
    // Portfolio Manager tracks meters, not utility accounts: the user maps or adds them.
    expect(describeMapping(mapping).missing).toEqual(['Account number', 'Vendor']);
  });

  it('maps a utility portal export with abbreviations, and takes each field once', () => {
    const headers = [
      'Acct #',
      'Utility',
      'Svc Start',
      'Svc End',
      'kWh',
      'Amount Due',
      'Total',
      'Total Charges',
    ];
    expect(fieldsOf(headers)).toEqual([
      'accountNumber',
      'vendorName',
      'readDateFrom',
      'readDateTo',
      'usage kWh',
      'amountDue',
      'totalNewCharges',
      null,
    ]);
  });
});

describe('guessLayout', () => {
  it('reads a description or classification column as a bill line per row', () => {
    expect(guessLayout(['Account', 'Vendor', 'Start', 'End', 'Charge Type', 'Amount'])).toBe('linePerRow');
    expect(guessLayout(['Account', 'Vendor', 'Start', 'End', 'Description', 'Amount'])).toBe('linePerRow');
    expect(guessLayout(['Account', 'Vendor', 'Start', 'End', 'Amount'])).toBe('billPerRow');
  });

  it('maps the amount of such a file to its lines', () => {
    const mapping = guessColumnMapping(['Account', 'Vendor', 'Start', 'End', 'Charge Type', 'Amount']);
    expect(mapping.layout).toBe('linePerRow');
    expect(mapping.columns.at(-1)?.target).toEqual({ field: 'lineAmount' });
  });
});

describe('describeMapping', () => {
  it('lists mapped and unmapped headers, and every requirement no column meets', () => {
    const report = describeMapping(guessColumnMapping(['Notes', 'Svc End']));
    expect(report).toEqual({
      mapped: ['Svc End'],
      unmapped: ['Notes'],
      missing: ['Account number', 'Vendor', 'Amount (total, amount due or charges)'],
    });
  });
});

describe('applySavedMapping', () => {
  const saved = {
    layout: 'billPerRow' as const,
    columns: [
      { header: 'Acct #', target: { field: 'accountNumber' as const } },
      { header: 'Co.', target: { field: 'vendorName' as const } },
      { header: 'Period End', target: { field: 'readDateTo' as const } },
      { header: 'Amt', target: { field: 'totalNewCharges' as const } },
      { header: 'Memo', target: null },
      { header: 'Meter', target: { field: 'meterNumber' as const } },
    ],
  };

  it('maps a new file by header text, in any order, case and spacing', () => {
    const applied = applySavedMapping(saved, ['AMT', 'acct  #', 'CO', 'period-end', 'Memo', 'Region']);
    expect(applied.mapping.columns.map((column) => column.target?.field ?? null)).toEqual([
      'totalNewCharges',
      'accountNumber',
      'vendorName',
      'readDateTo',
      null,
      null,
    ]);
    expect(applied.mapped).toEqual(['AMT', 'acct  #', 'CO', 'period-end']);
    expect(applied.unmapped).toEqual(['Memo', 'Region']);
    expect(applied.missing).toEqual([]);
    expect(applied.notInFile).toEqual(['Meter']);
  });

  it('reports the required fields a new file lacks', () => {
    const applied = applySavedMapping(saved, ['Acct #', 'Amt']);
    expect(applied.missing).toEqual(['Vendor', 'Service period (read date to or bill month)']);
  });

  it('keeps a mapping that survives JSON (saved per company)', () => {
    const mapping = guessColumnMapping(['Acct #', 'Utility', 'Svc End', 'kWh', 'Total']);
    expect(
      applySavedMapping(JSON.parse(JSON.stringify(mapping)) as BillColumnMapping, [
        'Acct #',
        'Utility',
        'Svc End',
        'kWh',
        'Total',
      ]).mapping,
    ).toEqual(mapping);
  });
});

import { describe, expect, it } from 'vitest';
import { apFileDateOf, billListRow } from '../../src/domain/billRows';
import type { RowBill } from '../../src/domain/billRows';

const bill: RowBill = {
  id: 'b1',
  companyId: 1,
  billMonth: '2026-02',
  statusDate: null,
  status: 'Pending',
  outstandingBalance: 0,
  totalNewCharges: 120.5,
  apFileInfo: 'AP_021426.csv',
  invoiceDate: '2026-02-11',
  dueDate: '2026-03-04',
  amountDue: 120.5,
  prevYearTotalCharges: 100,
  prevMonthTotalNewCharges: null,
  vendorId: 'v1',
  vendorName: '',
  accountId: 'a1',
  locationId: 'l1',
  isInvoiceMissing: false,
  lateFee: 0,
  services: [
    { serviceType: 'water', charges: 20.5, usage: 10, unit: 'gallons', demandKw: null, taxesFees: 0 },
    { serviceType: 'electric', charges: 100, usage: 900, unit: 'kWh', demandKw: 4, taxesFees: 1 },
  ],
};

describe('apFileDateOf', () => {
  it.each([
    ['AP_021426.csv', '2026-02-14'],
    ['AP_023026.csv', 'AP_023026.csv'],
    ['manual upload', 'manual upload'],
    ['', null],
    [null, null],
  ])('%s → %s', (text, date) => {
    expect(apFileDateOf(text)).toBe(date);
  });
});

describe('billListRow', () => {
  it('joins the bill with its account, location and anomaly, services as display names', () => {
    const row = billListRow(
      bill,
      { accountNumber: '123', nickname: 'Main', collectionType: 'PAPER', vendorName: 'Metro Power' },
      { name: 'Store 1' },
      [{ variancePercentageUsageMoM: 180 }],
    );
    expect(row).toMatchObject({
      services: 'Water, Electricity',
      serviceTypes: ['water', 'electric'],
      apFileDate: '2026-02-14',
      vendorName: 'Metro Power',
      accountNumber: '123',
      nickname: 'Main',
      collectionType: 'PAPER',
      locationName: 'Store 1',
      anomalyReasons: ['Usage month over month up 180.0 % (over 100 %)'],
    });
  });

  it('shows N/A-able nulls when the account and location are not on the device', () => {
    const row = billListRow({ ...bill, vendorName: 'Gas Co' }, undefined, undefined, []);
    expect(row).toMatchObject({
      vendorName: 'Gas Co',
      accountNumber: null,
      locationName: null,
      anomalyReasons: [],
    });
  });
});

// Accrual rows, the monthly accrual workbook and the accruals tool (spec 001 §3, §7, §9) against the seeded demo;
// workbooks are opened with exceljs and checked cell by cell (dates as dates, money as currency).
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccrualsReportResult } from '../../../server/src/areas/billpay/accruals';
import { accrualPerDay } from '../../../src/domain/billPay';
import { SEED_TIMEOUT_MS, startDemoServer, sumDollars } from '../../helpers/demoServer';
import type { DemoRole, DemoServer } from '../../helpers/demoServer';

let demo: DemoServer;
let northwind: number;
let latestBatch: string;

async function workbookOf(
  role: DemoRole,
  path: string,
): Promise<{ res: Response; sheet: ExcelJS.Worksheet }> {
  const res = await fetch(`${demo.server.url}${path}`, {
    headers: { authorization: `Bearer ${demo.tokens[role]}` },
  });
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return { res, sheet };
}

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  const [batch] = await demo.rows<{ d: string }>(
    sql`select max(batch_date)::text as d from accruals where company_id = ${northwind}`,
  );
  latestBatch = batch?.d ?? '';
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('GET /api/billPayAccrual', () => {
  it('answers the rows of a batch-date range with the accrual per day', async () => {
    const res = await demo.as<
      { daysOfService: number; totalMinusAllCategories: number; accrualPerDay: number }[]
    >('northwindClient', 'GET', `/api/billPayAccrual?fromDate=${latestBatch}&toDate=${latestBatch}`);
    expect(res.status).toBe(200);
    const [count] = await demo.rows<{ n: string }>(
      sql`select count(*)::text as n from accruals where company_id = ${northwind} and batch_date = ${latestBatch}`,
    );
    expect(res.body).toHaveLength(Number(count?.n));
    for (const row of res.body)
      expect(row.accrualPerDay).toBeCloseTo(accrualPerDay(row.totalMinusAllCategories, row.daysOfService), 2);
  });

  it('needs accrualsAccess for clients (consultants always), and bill pay', async () => {
    const harbor = demo.companies.harbor;
    await demo.server.db.execute(sql`update companies set accruals_access = false where id = ${harbor}`);
    try {
      expect((await demo.as('harborClient', 'GET', '/api/billPayAccrual')).status).toBe(403);
      expect((await demo.as('consultant', 'GET', `/api/companies/${harbor}/billPayAccrual`)).status).toBe(
        200,
      );
    } finally {
      await demo.server.db.execute(sql`update companies set accruals_access = true where id = ${harbor}`);
    }
    expect((await demo.as('summitClient', 'GET', '/api/billPayAccrual')).status).toBe(403);
  });
});

describe('GET /api/downloadBillPayAccrual', () => {
  it('writes the month’s accrual rows as a workbook with dates as dates and money as currency', async () => {
    const [year, month] = latestBatch.split('-').map(Number);
    const { res, sheet } = await workbookOf(
      'northwindClient',
      `/api/downloadBillPayAccrual?year=${year}&month=${month}`,
    );
    expect(res.headers.get('content-disposition')).toContain(`Accruals ${latestBatch.slice(0, 7)}.xlsx`);
    const [count] = await demo.rows<{ n: string }>(
      sql`select count(*)::text as n from accruals where company_id = ${northwind} and batch_date = ${latestBatch}`,
    );
    expect(sheet.rowCount).toBe(Number(count?.n) + 1);
    expect(sheet.getRow(1).getCell(9).value).toBe('Total Minus All Categories');
    const row = sheet.getRow(2);
    expect(row.getCell(3).value).toBeInstanceOf(Date);
    expect(row.getCell(8).numFmt).toBe('mm/dd/yyyy');
    expect(typeof row.getCell(9).value).toBe('number');
    expect(row.getCell(9).numFmt).toBe('"$"#,##0.00');
    expect(row.getCell(11).numFmt).toBe('"$"#,##0.00');
  });

  it('answers 400 for a month that is not one', async () => {
    expect(
      (await demo.as('northwindClient', 'GET', '/api/downloadBillPayAccrual?year=2026&month=13')).status,
    ).toBe(400);
  });
});

describe('the accruals tool', () => {
  let report: AccrualsReportResult;

  beforeAll(async () => {
    const [year, month] = latestBatch.split('-').map(Number);
    const res = await demo.as<AccrualsReportResult>('northwindClient', 'POST', '/api/accrualsReport', {
      body: { year, month },
    });
    expect(res.status).toBe(200);
    report = res.body;
  });

  it('estimates the active accounts’ unbilled service at the month end into a stored workbook', async () => {
    expect(report.fileName).toBe(`Accruals estimate ${latestBatch}.xlsx`);
    expect(report.accounts).toBeGreaterThan(0);
    const list = await demo.as<{ blobId: string }[]>('northwindClient', 'GET', '/api/accrualsReport');
    expect(list.body.map((entry) => entry.blobId)).toContain(report.blobId);
    const { sheet } = await workbookOf(
      'northwindClient',
      `/api/accrualsReport?blobId=${report.blobId}&fileName=${encodeURIComponent(report.fileName)}`,
    );
    expect(sheet.rowCount).toBe(report.accounts + 1);
    const first = sheet.getRow(2);
    expect(first.getCell(3).value).toBeInstanceOf(Date);
    expect(first.getCell(3).numFmt).toBe('mm/dd/yyyy');
    expect(Number.isInteger(first.getCell(4).value)).toBe(true);
    expect(first.getCell(7).numFmt).toBe('"$"#,##0.00');
    const amounts: number[] = [];
    sheet.getColumn(7).eachCell((cell, row) => {
      if (row > 1) amounts.push(Number(cell.value));
    });
    expect(sumDollars(amounts)).toBe(report.total);
  });

  it('sends a report only under its own name and company, and deletes it', async () => {
    expect(
      (
        await demo.as(
          'northwindClient',
          'GET',
          `/api/accrualsReport?blobId=${report.blobId}&fileName=other.xlsx`,
        )
      ).status,
    ).toBe(404);
    expect((await demo.as('harborClient', 'GET', `/api/accrualsReport?blobId=${report.blobId}`)).status).toBe(
      404,
    );
    expect(
      (await demo.as('harborClient', 'DELETE', `/api/accrualsReport?blobId=${report.blobId}`)).status,
    ).toBe(404);
    const deleted = await demo.as('northwindClient', 'DELETE', `/api/accrualsReport?blobId=${report.blobId}`);
    expect(deleted.status).toBe(200);
    expect(
      (await demo.as('northwindClient', 'GET', `/api/accrualsReport?blobId=${report.blobId}`)).status,
    ).toBe(404);
  });

  it('answers 400 with the field for a month out of range', async () => {
    const res = await demo.as<{ error: { fields?: Record<string, string> } }>(
      'northwindClient',
      'POST',
      '/api/accrualsReport',
      { body: { year: 2026, month: 0 } },
    );
    expect(res.status).toBe(400);
  });
});

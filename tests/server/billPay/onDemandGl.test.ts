// On-demand GL files (spec 001 §3, §6, §7): generated from the payments of a range, kept server-side as .xlsx and CSV,
// listed, downloaded with safe headers; the workbook is opened with exceljs and checked cell by cell.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlFileEntry } from '../../../server/src/areas/billpay/onDemandGl';
import { GL_COLUMNS } from '../../../src/domain/glFile';
import { SEED_TIMEOUT_MS, startDemoServer, sumDollars } from '../../helpers/demoServer';
import type { DemoRole, DemoServer } from '../../helpers/demoServer';

let demo: DemoServer;
let northwind: number;
let generated: GlFileEntry[];
let range: { from: string; to: string };

async function download(role: DemoRole, path: string): Promise<Response> {
  return fetch(`${demo.server.url}${path}`, { headers: { authorization: `Bearer ${demo.tokens[role]}` } });
}

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  const [bounds] = await demo.rows<{ lo: string; hi: string }>(sql`
    select min(payment_date)::text as lo, max(payment_date)::text as hi
    from payment_confirmations where company_id = ${northwind}`);
  range = { from: bounds?.lo ?? '', to: bounds?.hi ?? '' };
  const res = await demo.as<GlFileEntry[]>(
    'northwindClient',
    'GET',
    `/api/companies/${northwind}/onDemandGl?fromDate=${range.from}&toDate=${range.to}`,
  );
  expect(res.status).toBe(200);
  generated = res.body;
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('GET /api/companies/{id}/onDemandGl', () => {
  it('writes the range as an .xlsx and a CSV file, both listed newest first', async () => {
    expect(generated.map((file) => file.fileName)).toEqual([
      `GL ${range.from} to ${range.to}.xlsx`,
      `GL ${range.from} to ${range.to}.csv`,
    ]);
    const list = await demo.as<GlFileEntry[]>(
      'northwindClient',
      'GET',
      `/api/companies/${northwind}/onDemandGl/list`,
    );
    expect(list.status).toBe(200);
    const ids = list.body.map((file) => file.id);
    for (const file of generated) expect(ids).toContain(file.id);
    expect((list.body[0]?.createdAt ?? '') >= (list.body.at(-1)?.createdAt ?? '')).toBe(true);
  });

  it('writes one line per payment with dates as dates and amounts as currency', async () => {
    const xlsx = generated.find((file) => file.fileName.endsWith('.xlsx'));
    const res = await download('northwindClient', `/api/companies/${northwind}/onDemandGl/${xlsx?.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = GL_COLUMNS.map((_, i) => sheet.getRow(1).getCell(i + 1).value);
    expect(header).toEqual(GL_COLUMNS.map((column) => column.title));
    const payments = await demo.rows<{ amount: string }>(
      sql`select amount::text from payment_confirmations where company_id = ${northwind}`,
    );
    expect(sheet.rowCount).toBe(payments.length + 1);
    const col = (key: string) => GL_COLUMNS.findIndex((column) => column.key === key) + 1;
    for (let r = 2; r <= payments.length + 1; r += 1) {
      const row = sheet.getRow(r);
      expect(typeof row.getCell(col('glCode')).value).toBe('string');
      expect(row.getCell(col('paymentDate')).value).toBeInstanceOf(Date);
      expect(row.getCell(col('paymentDate')).numFmt).toBe('mm/dd/yyyy');
      expect(typeof row.getCell(col('amount')).value).toBe('number');
      expect(row.getCell(col('amount')).numFmt).toBe('"$"#,##0.00');
    }
    const amounts: number[] = [];
    sheet.getColumn(col('amount')).eachCell((cell, row) => {
      if (row > 1) amounts.push(Number(cell.value));
    });
    expect(sumDollars(amounts)).toBe(sumDollars(payments.map((p) => p.amount)));
  });

  it('writes the same lines as CSV, with the site cost centre from the location attributes', async () => {
    const csv = generated.find((file) => file.fileName.endsWith('.csv'));
    const res = await download('northwindClient', `/api/companies/${northwind}/onDemandGl/${csv?.id}`);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(GL_COLUMNS.map((column) => column.title).join(','));
    const [centres] = await demo.rows<{ n: string }>(sql`
      select count(*)::text as n from payment_confirmations p join accounts a on a.id = p.account_id
        join location_attribute_values v on v.location_id = a.location_id
        join custom_attributes c on c.id = v.attribute_id and c.attribute_name = 'Cost Center'
      where p.company_id = ${northwind} and v.value <> ''`);
    const withCentre = lines.slice(1).filter((line) => line.split(',')[1] !== '');
    expect(withCentre.length).toBe(Number(centres?.n));
  });

  it('answers 400 for a backwards or missing range, 404 for another company’s file, 403 without bill pay', async () => {
    const backwards = await demo.as<{ error: { fields?: Record<string, string> } }>(
      'northwindClient',
      'GET',
      `/api/companies/${northwind}/onDemandGl?fromDate=2026-02-01&toDate=2026-01-01`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields).toHaveProperty('toDate');
    expect((await demo.as('northwindClient', 'GET', `/api/companies/${northwind}/onDemandGl`)).status).toBe(
      400,
    );
    const harbor = demo.companies.harbor;
    const stranger = await download(
      'harborClient',
      `/api/companies/${harbor}/onDemandGl/${generated[0]?.id}`,
    );
    expect(stranger.status).toBe(404);
    const summit = demo.companies.summit;
    expect((await demo.as('summitClient', 'GET', `/api/companies/${summit}/onDemandGl/list`)).status).toBe(
      403,
    );
    expect((await demo.as('harborClient', 'GET', `/api/companies/${northwind}/onDemandGl/list`)).status).toBe(
      404,
    );
  });
});

describe('GET /api/companies/{id}/onDemandGl, asked again', () => {
  /** Generates a month's GL files as the Bill Pay page does. */
  async function generate(month: string): Promise<GlFileEntry[]> {
    const res = await demo.as<GlFileEntry[]>(
      'northwindClient',
      'GET',
      `/api/companies/${northwind}/onDemandGl?fromDate=${month}-01&toDate=${month}-28`,
    );
    expect(res.status).toBe(200);
    return res.body;
  }

  /** The files the company keeps for that range, as the route names them (the seed's monthly files aside). */
  async function kept(month: string): Promise<string[]> {
    const rows = await demo.rows<{ id: string }>(sql`
      select id::text as id from gl_files
      where company_id = ${northwind} and from_date = ${`${month}-01`} and to_date = ${`${month}-28`}
        and file_name like 'GL % to %'`);
    return rows.map((row) => row.id);
  }

  it('keeps one file per range and format however often it is asked, and serves those', async () => {
    const month = range.to.slice(0, 7);
    const [before] = await demo.rows<{ n: string }>(sql`select count(*)::text as n from gl_files`);
    const first = await generate(month);
    for (let i = 0; i < 5; i += 1) expect(await generate(month)).toEqual(first);
    // Asked at once, as two tabs or two processes might: still one pair.
    const together = await Promise.all([generate(month), generate(month), generate(month)]);
    for (const answer of together) expect(answer).toEqual(first);
    expect((await kept(month)).sort()).toEqual(first.map((file) => file.id).sort());
    const [after] = await demo.rows<{ n: string }>(sql`select count(*)::text as n from gl_files`);
    expect(Number(after?.n)).toBe(Number(before?.n) + 2);
  });

  it('replaces the range’s files when a payment in it changed, and drops the older ones', async () => {
    const month = range.to.slice(0, 7);
    const old = await generate(month);
    await demo.rows(sql`
      update payment_confirmations set amount = amount + 1
      where id = (select id from payment_confirmations
                  where company_id = ${northwind} and payment_date between ${`${month}-01`} and ${`${month}-28`}
                  order by id limit 1)`);
    const fresh = await generate(month);
    expect(fresh.map((file) => file.fileName)).toEqual(old.map((file) => file.fileName));
    for (const file of fresh) expect(old.map((o) => o.id)).not.toContain(file.id);
    expect((await kept(month)).sort()).toEqual(fresh.map((file) => file.id).sort());
    const gone = await download('northwindClient', `/api/companies/${northwind}/onDemandGl/${old[0]?.id}`);
    expect(gone.status).toBe(404);
    expect(await generate(month)).toEqual(fresh);
  });
});

describe('GET /api/companies/{id}/onDemandGl/childCompanies', () => {
  it('offers a parent’s children by their AP-access flag', async () => {
    const cedar = demo.companies.cedar;
    const withAp = await demo.as<{ id: number }[]>(
      'superConsultant',
      'GET',
      `/api/companies/${cedar}/onDemandGl/childCompanies?hasApAccess=true`,
    );
    expect(withAp.status).toBe(200);
    expect(withAp.body).toEqual([]);
    const withoutAp = await demo.as<{ id: number; hasApAccess: boolean }[]>(
      'superConsultant',
      'GET',
      `/api/companies/${cedar}/onDemandGl/childCompanies?hasApAccess=false`,
    );
    expect(withoutAp.body.map((child) => child.id).sort()).toEqual(
      [demo.companies.cedarNorth, demo.companies.cedarSouth].sort(),
    );
  });
});

describe('GET /api/glCodesReport', () => {
  it('lists every account with the GL code of its first service, for the route’s company only', async () => {
    const res = await download('northwindClient', `/api/glCodesReport?id=${northwind}`);
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const [count] = await demo.rows<{ n: string }>(
      sql`select count(*)::text as n from accounts where company_id = ${northwind}`,
    );
    expect(sheet?.rowCount).toBe(Number(count?.n) + 1);
    expect(sheet?.getRow(1).getCell(5).value).toBe('GL Code');
    expect(sheet?.getRow(2).getCell(5).text).toMatch(/^61[0-9]{2}$/);
    expect((await download('northwindClient', `/api/glCodesReport?id=${demo.companies.harbor}`)).status).toBe(
      404,
    );
  });
});

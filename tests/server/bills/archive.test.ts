import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoRole, DemoServer } from '../../helpers/demoServer';
import { pdfText } from '../../helpers/pdfText';
import type { ArchivePage } from '../../../src/domain/archive';

let demo: DemoServer;
let northwind: number;
let total: number;
let stored: { gc_statement_id: string };
let rendered: { gc_statement_id: string; account_number: string };

const search = (role: DemoRole, body: unknown, path = '/api/archive/search') =>
  demo.as<ArchivePage & { error?: { fields: Record<string, string> } }>(role, 'POST', path, { body });

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  const [count] = await demo.rows<{ n: number }>(
    sql`select count(*)::int as n from archive_records where company_id = ${northwind}`,
  );
  total = count?.n ?? 0;
  const storedRows = await demo.rows<typeof stored>(
    sql`select gc_statement_id from archive_records where company_id = ${northwind} and pdf is not null limit 1`,
  );
  stored = storedRows[0] ?? { gc_statement_id: 'none' };
  const renderedRows = await demo.rows<typeof rendered>(sql`
    select gc_statement_id, account_number from archive_records
    where company_id = ${northwind} and pdf is null order by gc_statement_id limit 1`);
  rendered = renderedRows[0] ?? { gc_statement_id: 'none', account_number: 'none' };
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('POST /api/archive/search', () => {
  it('pages every statement, newest invoice first, with the total', async () => {
    expect(total).toBeGreaterThan(10);
    const res = await search('northwindClient', {});
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(total);
    expect(res.body.rows).toHaveLength(10);
    const dates = res.body.rows.map((row) => row.invoiceDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await search('northwindClient', { page: 2 });
    expect(second.body.rows[0]?.id).not.toBe(res.body.rows[0]?.id);
  });

  it('filters by account prefix, vendor name part (any case, anywhere in the name), statement id, dates and amounts', async () => {
    const [sample] = await demo.rows<{
      account_number: string;
      vendor_name: string;
      gc_statement_id: string;
      invoice_date: string;
      amount: string;
    }>(sql`
      select account_number, vendor_name, gc_statement_id, invoice_date::text, amount::text
      from archive_records where company_id = ${northwind} order by gc_statement_id limit 1`);
    if (!sample) throw new Error('no archive');
    const byAccount = await search('northwindClient', {
      accountNumber: sample.account_number,
      pageSize: 100,
    });
    expect(byAccount.body.rows.every((row) => row.accountNumber.startsWith(sample.account_number))).toBe(
      true,
    );
    const [accountCount] = await demo.rows<{ n: number }>(sql`
      select count(*)::int as n from archive_records
      where company_id = ${northwind} and account_number like ${`${sample.account_number}%`}`);
    expect(byAccount.body.total).toBe(accountCount?.n);
    // The name's last three letters: a part that is not its start.
    const vendor = sample.vendor_name.slice(-3).toUpperCase();
    const byVendor = await search('northwindClient', { vendorName: vendor, pageSize: 100 });
    expect(byVendor.body.total).toBeGreaterThan(0);
    expect(byVendor.body.rows.every((row) => row.vendorName.toUpperCase().includes(vendor))).toBe(true);
    const byStatement = await search('northwindClient', {
      statementId: sample.gc_statement_id.toLowerCase(),
    });
    expect(byStatement.body.rows.map((row) => row.statementId)).toEqual([sample.gc_statement_id]);
    const byRange = await search('northwindClient', {
      invoiceDateFrom: sample.invoice_date,
      invoiceDateTo: sample.invoice_date,
      amountMin: Number(sample.amount),
      amountMax: Number(sample.amount),
    });
    expect(byRange.body.rows.map((row) => row.statementId)).toContain(sample.gc_statement_id);
    expect(byRange.body.rows.every((row) => row.amount === Number(sample.amount))).toBe(true);
  });

  it('sorts by the column asked for, both ways', async () => {
    const up = await search('northwindClient', { sortBy: 'amount', sortDir: 'asc', pageSize: 50 });
    const amounts = up.body.rows.map((row) => row.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const down = await search('northwindClient', { sortBy: 'amount', sortDir: 'desc', pageSize: 1 });
    const [max] = await demo.rows<{ m: string }>(
      sql`select max(amount)::text as m from archive_records where company_id = ${northwind}`,
    );
    expect(down.body.rows[0]?.amount).toBe(Number(max?.m));
  });

  it('refuses reversed ranges and unknown fields with the field named', async () => {
    const reversed = await search('northwindClient', { amountMin: 10, amountMax: 1 });
    expect(reversed.status).toBe(400);
    expect(Object.keys(reversed.body.error?.fields ?? {})).toEqual(['body.amountMin']);
    expect((await search('northwindClient', { invoiceDateFrom: '2024-02-30x' })).status).toBe(400);
    expect((await search('northwindClient', { sortBy: 'password' })).status).toBe(400);
    expect((await search('northwindClient', { pageSize: 1000 })).status).toBe(400);
  });

  it('is closed (403) to a company without an archive, and 404 for a company the caller may not reach', async () => {
    expect((await search('harborClient', {})).status).toBe(403);
    expect((await search('harborClient', {}, `/api/companies/${northwind}/archive/search`)).status).toBe(404);
    const twin = await search('consultant', {}, `/api/companies/${northwind}/archive/search`);
    expect(twin.status).toBe(200);
    expect(twin.body.total).toBe(total);
  });
});

describe('GET /api/archive/downloadBillPdf', () => {
  async function download(role: DemoRole, companyId: number, statementId: string) {
    const response = await fetch(
      `${demo.server.url}/api/archive/downloadBillPdf?companyId=${companyId}&gcStatementId=${statementId}`,
      { headers: { authorization: `Bearer ${demo.tokens[role]}` } },
    );
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  it('sends a stored statement PDF, and renders one for a statement without', async () => {
    const kept = await download('northwindClient', northwind, stored.gc_statement_id);
    expect(kept.response.status).toBe(200);
    expect(kept.response.headers.get('content-type')).toBe('application/pdf');
    const made = await download('northwindClient', northwind, rendered.gc_statement_id);
    expect(made.response.status).toBe(200);
    expect(pdfText(made.bytes)).toContain(`Account number: ${rendered.account_number}`);
  });

  it('answers 404 for an unknown statement and for another company', async () => {
    expect((await download('northwindClient', northwind, 'GC0')).response.status).toBe(404);
    expect((await download('harborClient', northwind, stored.gc_statement_id)).response.status).toBe(404);
  });
});

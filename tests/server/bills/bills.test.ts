import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoRole, DemoServer } from '../../helpers/demoServer';
import { pdfText } from '../../helpers/pdfText';
import { formatCurrency } from '../../../src/domain/money';
import type { BillListRow } from '../../../src/domain/billRows';
import type { BillChargeLine, BillUsageLine } from '../../../src/domain/billLines';

let demo: DemoServer;
let northwind: number;
let harbor: number;
/** A Northwind bill with an invoice, its account number and total. */
let bill: {
  id: string;
  account_number: string;
  total_new_charges: string;
  bill_month: string;
  account_id: string;
};
let secondBillId: string;
let harborBillId: string;

async function fetchBytes(role: DemoRole, path: string) {
  const response = await fetch(`${demo.server.url}${path}`, {
    headers: { authorization: `Bearer ${demo.tokens[role]}` },
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  harbor = demo.companies.harbor;
  const rows = await demo.rows<typeof bill>(sql`
    select b.id, a.account_number, b.total_new_charges::text, b.bill_month, b.account_id
    from bills b join accounts a on a.id = b.account_id
    where b.company_id = ${northwind} and not b.is_invoice_missing and b.late_fee > 0
    order by b.bill_month desc, b.id limit 2`);
  bill = rows[0] ?? bill;
  secondBillId = rows[1]?.id ?? '';
  const [foreign] = await demo.rows<{ id: string }>(
    sql`select id from bills where company_id = ${harbor} and not is_invoice_missing order by id limit 1`,
  );
  harborBillId = foreign?.id ?? '';
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('GET /api/bills', () => {
  it('answers the bills whose bill month is in the range, as the grid rows', async () => {
    const res = await demo.as<BillListRow[]>(
      'northwindClient',
      'GET',
      '/api/bills?fromDate=2025-12-01&toDate=2026-01-31',
    );
    expect(res.status).toBe(200);
    const [count] = await demo.rows<{ n: number }>(sql`
      select count(*)::int as n from bills where company_id = ${northwind} and bill_month between '2025-12' and '2026-01'`);
    expect(res.body).toHaveLength(count?.n ?? -1);
    expect(new Set(res.body.map((row) => row.billMonth))).toEqual(new Set(['2025-12', '2026-01']));
    const sample = res.body[0];
    expect(sample).toMatchObject({ companyId: northwind });
    expect(typeof sample?.accountNumber).toBe('string');
    expect(typeof sample?.locationName).toBe('string');
  });

  it('marks bills with a late fee as anomalies, saying so', async () => {
    const res = await demo.as<BillListRow[]>(
      'northwindClient',
      'GET',
      `/api/bills?fromDate=${bill.bill_month}&toDate=${bill.bill_month}`,
    );
    const row = res.body.find((candidate) => candidate.id === bill.id);
    expect(row?.anomalyReasons[0]).toMatch(/^Late fee of \$/);
  });

  it('defaults to the latest 12 bill months', async () => {
    const res = await demo.as<BillListRow[]>('northwindClient', 'GET', '/api/bills');
    expect(res.status).toBe(200);
    const months = [...new Set(res.body.map((row) => row.billMonth))].sort();
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toBe('2026-02');
  });

  it('refuses a range whose start is after its end, and a malformed date, with the field', async () => {
    const reversed = await demo.as<{ error: { fields: Record<string, string> } }>(
      'northwindClient',
      'GET',
      '/api/bills?fromDate=2026-02-01&toDate=2025-01-01',
    );
    expect(reversed.status).toBe(400);
    expect(Object.keys(reversed.body.error.fields)).toContain('querystring.fromDate');
    expect((await demo.as('northwindClient', 'GET', '/api/bills?fromDate=2026-13-01')).status).toBe(400);
  });

  it('answers a consultant’s twin for a granted company, 404 for a company it may not reach', async () => {
    const twin = await demo.as<BillListRow[]>('consultant', 'GET', `/api/companies/${northwind}/bills`);
    expect(twin.status).toBe(200);
    expect(twin.body.length).toBeGreaterThan(0);
    expect((await demo.as('northwindClient', 'GET', `/api/companies/${harbor}/bills`)).status).toBe(404);
  });
});

describe('GET /api/bills/:id and its lines', () => {
  it('answers the bill, its charges and its usage; charges add up to the bill', async () => {
    const one = await demo.as<BillListRow & { serviceAddress: string }>(
      'northwindClient',
      'GET',
      `/api/bills/${bill.id}`,
    );
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: bill.id, accountNumber: bill.account_number });
    const charges = await demo.as<BillChargeLine[]>(
      'northwindClient',
      'GET',
      `/api/bills/${bill.id}/charges`,
    );
    const cents = charges.body.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
    expect(cents).toBe(Math.round(Number(bill.total_new_charges) * 100));
    expect(charges.body.some((line) => line.chargeClassification === 'Late Fee')).toBe(true);
    const usage = await demo.as<BillUsageLine[]>('northwindClient', 'GET', `/api/bills/${bill.id}/usage`);
    expect(usage.status).toBe(200);
    const [lines] = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from bill_usages where bill_id = ${bill.id}`,
    );
    expect(usage.body).toHaveLength(lines?.n ?? -1);
  });

  it('answers 13 months of the account for the usage chart, ending with the bill', async () => {
    const res = await demo.as<{ billMonth: string; serviceType: string }[]>(
      'northwindClient',
      'GET',
      `/api/bills/${bill.id}/usage/chart`,
    );
    expect(res.status).toBe(200);
    const months = [...new Set(res.body.map((row) => row.billMonth))];
    expect(months.at(-1)).toBe(bill.bill_month);
    expect(months.length).toBeLessThanOrEqual(13);
  });

  it('answers 404 for another company’s bill, on the plain path and the twin', async () => {
    expect((await demo.as('northwindClient', 'GET', `/api/bills/${harborBillId}`)).status).toBe(404);
    expect(
      (await demo.as('consultant', 'GET', `/api/companies/${northwind}/bills/${harborBillId}`)).status,
    ).toBe(404);
  });

  it('is open to limited clients too (the Bills area is always open, src/domain/nav.ts)', async () => {
    expect((await demo.as('northwindLimited', 'GET', `/api/bills/${bill.id}`)).status).toBe(200);
  });
});

describe('GET /api/bills/:id/download', () => {
  it('renders a real PDF of the bill, with its account number and total, as an attachment', async () => {
    const { response, bytes } = await fetchBytes('northwindClient', `/api/bills/${bill.id}/download`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename=".+_\d{4}-\d{2}\.pdf"/,
    );
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain(`Account number: ${bill.account_number}`);
    expect(text).toContain(formatCurrency(Number(bill.total_new_charges)));
    expect(text).toMatch(/Please pay by \d{2}\/\d{2}\/\d{4}/);
  });

  it('serves the same bytes again from its cache', async () => {
    const first = await fetchBytes('northwindClient', `/api/bills/${bill.id}/download`);
    const second = await fetchBytes('consultant', `/api/companies/${northwind}/bills/${bill.id}/download`);
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
  });

  it('answers 404 for a bill without invoice and for another company’s bill', async () => {
    const [missing] = await demo.rows<{ id: string }>(
      sql`select id from bills where company_id = ${northwind} and is_invoice_missing limit 1`,
    );
    expect(
      (await fetchBytes('northwindClient', `/api/bills/${missing?.id ?? ''}/download`)).response.status,
    ).toBe(404);
    expect((await fetchBytes('northwindClient', `/api/bills/${harborBillId}/download`)).response.status).toBe(
      404,
    );
  });
});

describe('GET /api/bills/download?ids=', () => {
  it('zips the PDFs of the bills named', async () => {
    const { response, bytes } = await fetchBytes(
      'northwindClient',
      `/api/bills/download?ids=${bill.id},${secondBillId}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(bytes);
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(2);
    const first = await zip
      .file(names.find((name) => name.includes(bill.account_number)) ?? '')
      ?.async('uint8array');
    expect(pdfText(first ?? new Uint8Array())).toContain(`Account number: ${bill.account_number}`);
  });

  it('answers 404 and no zip when one bill is another company’s', async () => {
    const { response } = await fetchBytes(
      'northwindClient',
      `/api/bills/download?ids=${bill.id},${harborBillId}`,
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toBe('application/zip');
  });

  it('refuses more than 500 ids with a clear message naming the field, and malformed ids', async () => {
    const ids = Array.from(
      { length: 501 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const res = await demo.as<{ error: { message: string; fields: Record<string, string> } }>(
      'northwindClient',
      'GET',
      `/api/bills/download?ids=${ids.join(',')}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/At most 500 bills/);
    expect(Object.keys(res.body.error.fields)).toEqual(['querystring.ids']);
    // 500 ids fit in the URL the server accepts: they pass the checks and, being no bills, answer 404.
    const fiveHundred = await demo.as(
      'northwindClient',
      'GET',
      `/api/bills/download?ids=${ids.slice(0, 500).join(',')}`,
    );
    expect(fiveHundred.status).toBe(404);
    expect((await demo.as('northwindClient', 'GET', '/api/bills/download?ids=nope')).status).toBe(400);
    expect((await demo.as('northwindClient', 'GET', '/api/bills/download?ids=')).status).toBe(400);
  });

  it('zips through the consultant’s twin', async () => {
    const { response } = await fetchBytes(
      'consultant',
      `/api/companies/${northwind}/bills/download?ids=${bill.id}`,
    );
    expect(response.status).toBe(200);
  });
});

describe('GET /api/downloadAttachment', () => {
  it('lists a bill’s attachments and downloads one by id, company and account number; 404 otherwise', async () => {
    const [attachment] = await demo.rows<{
      id: string;
      bill_id: string;
      account_number: string;
      file_name: string;
    }>(
      sql`select id, bill_id, account_number, file_name from bill_attachments where company_id = ${northwind} limit 1`,
    );
    if (!attachment) throw new Error('no attachment seeded');
    const one = await demo.as<{ attachments: { id: string; fileName: string }[] }>(
      'northwindClient',
      'GET',
      `/api/bills/${attachment.bill_id}`,
    );
    expect(one.body.attachments).toContainEqual({ id: attachment.id, fileName: attachment.file_name });
    const query = (companyId: number, accountNumber: string) =>
      `/api/downloadAttachment?id=${attachment.id}&companyId=${companyId}&accountNumber=${encodeURIComponent(accountNumber)}`;
    const { response, bytes } = await fetchBytes(
      'northwindClient',
      query(northwind, attachment.account_number),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect((await fetchBytes('northwindClient', query(northwind, 'other'))).response.status).toBe(404);
    expect(
      (await fetchBytes('harborClient', query(northwind, attachment.account_number))).response.status,
    ).toBe(404);
    expect(
      (await fetchBytes('northwindClient', query(harbor, attachment.account_number))).response.status,
    ).toBe(404);
  });
});

describe('the billLines feed entity', () => {
  it('serves each bill’s lines as one row keyed by the bill id', async () => {
    type Page = {
      changes: { entity: string; id: string; row?: { charges: unknown[] } }[];
      cursor: string;
      hasMore: boolean;
    };
    const lines = new Map<string, { charges: unknown[] }>();
    let cursor: string | null = null;
    for (;;) {
      const since: string = cursor === null ? '' : `&since=${encodeURIComponent(cursor)}`;
      const res = await demo.as<Page>(
        'northwindClient',
        'GET',
        `/api/sync/${northwind}/changes?limit=5000${since}`,
      );
      expect(res.status).toBe(200);
      for (const change of res.body.changes)
        if (change.entity === 'billLines' && change.row) lines.set(change.id, change.row);
      if (!res.body.hasMore) break;
      cursor = res.body.cursor;
    }
    const [count] = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from bill_lines where company_id = ${northwind}`,
    );
    expect(lines.size).toBe(count?.n);
    expect(lines.get(bill.id)?.charges.length).toBeGreaterThan(0);
  });
});

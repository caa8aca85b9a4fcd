// Accounts payable and the synced bill pay reads (docs/architecture.md §14) against the seeded demo: the figures are
// computed again from SQL rows, flags answer 403, foreign companies 404, bad periods 400 with their fields.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsPayableFigures } from '../../../src/domain/accountsPayable';
import type { LedgerLine, PaymentTotals } from '../../../src/domain/billPay';
import { parseApFileDate } from '../../../src/domain/dates';
import { SEED_TIMEOUT_MS, startDemoServer, sumDollars } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';

interface PaymentAnswer {
  paymentConfirmations: {
    id: string;
    accountNumber: string;
    vendorName: string;
    amount: number;
    paymentMethod: string;
    paymentDate: string;
    confirmationNumber: string;
  }[];
  totals: PaymentTotals;
}

interface DepositAnswer {
  clientDeposits: { id: string; transactionAmount: number; matchedAmount: number; unmatchedAmount: number }[];
  ledger: LedgerLine[];
}

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string> };
}

let demo: DemoServer;
let northwind: number;
let harbor: number;
let latestFile: string;

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  harbor = demo.companies.harbor;
  const files = await demo.rows<{ ap_file_date: string }>(
    sql`select distinct ap_file_date from ap_deliveries where company_id = ${northwind}`,
  );
  latestFile =
    files
      .map((row) => parseApFileDate(row.ap_file_date))
      .sort()
      .at(-1) ?? '';
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('GET /api/accounts_payable', () => {
  it('stores AP file dates as the AP file spells them (six digits, MMDDYY)', async () => {
    const rows = await demo.rows<{ ap_file_date: string }>(
      sql`select ap_file_date from ap_deliveries where company_id = ${northwind}`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.ap_file_date).toMatch(/^[0-9]{6}$/);
  });

  it('answers the figures of the AP file of a create date, counted from the rows', async () => {
    const res = await demo.as<AccountsPayableFigures>(
      'northwindClient',
      'GET',
      `/api/accounts_payable?CreateDate=${latestFile}`,
    );
    expect(res.status).toBe(200);
    const rows = (
      await demo.rows<{
        id: string;
        ap_file_date: string;
        vendor_name: string;
        location_id: string;
        is_penalty: boolean;
        amount: string;
      }>(sql`select id, ap_file_date, vendor_name, location_id, is_penalty, amount::text
             from ap_deliveries where company_id = ${northwind}`)
    ).filter((row) => parseApFileDate(row.ap_file_date) === latestFile);
    expect(rows.length).toBeGreaterThan(0);
    expect(res.body.numberOfInvoices).toBe(rows.length);
    expect(res.body.numberOfVendors).toBe(new Set(rows.map((row) => row.vendor_name)).size);
    expect(res.body.numberOfLocations).toBe(new Set(rows.map((row) => row.location_id)).size);
    expect(res.body.numberOfPenalties).toBe(rows.filter((row) => row.is_penalty).length);
    expect(sumDollars(res.body.serviceGroupCharge.map((group) => group.charge))).toBe(
      sumDollars(rows.map((row) => row.amount)),
    );
    expect(res.body.accountsPayableList.map((row) => row.id).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );
    expect(res.body.accountsPayableList[0]?.apFileDate).toBe(latestFile);
  });

  it('answers a due-date range through the consultant twin, inclusive of both ends', async () => {
    const [range] = await demo.rows<{ lo: string; hi: string }>(
      sql`select min(due_date)::text as lo, max(due_date)::text as hi from ap_deliveries where company_id = ${northwind}`,
    );
    const from = range?.lo ?? '';
    const to = range?.hi ?? '';
    const [count] = await demo.rows<{ n: string }>(
      sql`select count(*)::text as n from ap_deliveries where company_id = ${northwind} and due_date is not null`,
    );
    const res = await demo.as<AccountsPayableFigures>(
      'consultant',
      'GET',
      `/api/companies/${northwind}/accounts_payable?DueDateFrom=${from}&DueDateTo=${to}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.numberOfInvoices).toBe(Number(count?.n));
  });

  it.each([
    ['', ['DueDateFrom', 'DueDateTo']],
    ['?DueDateFrom=2026-01-01', ['DueDateTo']],
    ['?CreateDate=2026-01-01&DueDateTo=2026-02-01', ['CreateDate']],
    ['?DueDateFrom=2026-02-01&DueDateTo=2026-01-01', ['DueDateTo']],
  ])('answers 400 with the fields for the period %j', async (query, fields) => {
    const res = await demo.as<ErrorAnswer>('northwindClient', 'GET', `/api/accounts_payable${query}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual(fields);
  });

  it('answers 400 for a date that is not a date', async () => {
    const res = await demo.as('northwindClient', 'GET', '/api/accounts_payable?CreateDate=2026-13-01');
    expect(res.status).toBe(400);
  });

  it('answers 403 to a company without apAccess and 404 for a company the caller cannot reach', async () => {
    expect((await demo.as('summitClient', 'GET', '/api/accounts_payable?CreateDate=2026-01-01')).status).toBe(
      403,
    );
    const foreign = await demo.as(
      'harborClient',
      'GET',
      `/api/companies/${northwind}/accounts_payable?CreateDate=2026-01-01`,
    );
    expect(foreign.status).toBe(404);
  });
});

describe('GET /api/billPayPaymentConfirmation', () => {
  it('lists a range of payments with their accounts, methods as CHECK or DIGITAL, and totals by method', async () => {
    const res = await demo.as<PaymentAnswer>(
      'northwindClient',
      'GET',
      '/api/billPayPaymentConfirmation?fromDate=2000-01-01&toDate=2100-01-01',
    );
    expect(res.status).toBe(200);
    const rows = await demo.rows<{ amount: string; payment_method: string }>(
      sql`select amount::text, payment_method from payment_confirmations where company_id = ${northwind}`,
    );
    expect(res.body.paymentConfirmations).toHaveLength(rows.length);
    expect(new Set(res.body.paymentConfirmations.map((row) => row.paymentMethod))).toEqual(
      new Set(['CHECK', 'DIGITAL']),
    );
    const checks = rows.filter((row) => row.payment_method === 'CHECK');
    expect(res.body.totals.check).toBe(sumDollars(checks.map((row) => row.amount)));
    expect(res.body.totals.checkCount).toBe(checks.length);
    expect(res.body.totals.total).toBe(sumDollars(rows.map((row) => row.amount)));
    for (const row of res.body.paymentConfirmations) {
      expect(row.accountNumber).not.toBe('');
      expect(row.confirmationNumber).toMatch(/^(CK|EP)[0-9]{8}$/);
    }
  });

  it('keeps only payments within fromDate..toDate', async () => {
    const all = await demo.as<PaymentAnswer>('northwindClient', 'GET', '/api/billPayPaymentConfirmation');
    const dates = all.body.paymentConfirmations.map((row) => row.paymentDate).sort();
    const mid = dates[Math.floor(dates.length / 2)] ?? '';
    const res = await demo.as<PaymentAnswer>(
      'northwindClient',
      'GET',
      `/api/billPayPaymentConfirmation?fromDate=${mid}&toDate=${mid}`,
    );
    expect(res.body.paymentConfirmations.length).toBe(dates.filter((date) => date === mid).length);
  });

  it('opens Bill Pay to Harbor, an AP client without billPayAccess, and to the consultant twin', async () => {
    const [flags] = await demo.rows<{ bill_pay_access: boolean; company_type_id: number }>(
      sql`select bill_pay_access, company_type_id from companies where id = ${harbor}`,
    );
    expect(flags).toEqual({ bill_pay_access: false, company_type_id: 2 });
    const own = await demo.as<PaymentAnswer>('harborClient', 'GET', '/api/billPayPaymentConfirmation');
    expect(own.status).toBe(200);
    expect(own.body.paymentConfirmations.length).toBeGreaterThan(0);
    const twin = await demo.as('consultant', 'GET', `/api/companies/${harbor}/billPayPaymentConfirmation`);
    expect(twin.status).toBe(200);
  });

  it('answers 403 to Summit (no bill pay) and to a limited client, 400 for a backwards range', async () => {
    expect((await demo.as('summitClient', 'GET', '/api/billPayPaymentConfirmation')).status).toBe(403);
    expect((await demo.as('northwindLimited', 'GET', '/api/clientDeposit')).status).toBe(403);
    const res = await demo.as<ErrorAnswer>(
      'northwindClient',
      'GET',
      '/api/billPayPaymentConfirmation?fromDate=2026-02-01&toDate=2026-01-01',
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('toDate');
  });
});

describe('GET /api/clientDeposit', () => {
  it('answers deposits with their unmatched remainder and the running balance against payments', async () => {
    const res = await demo.as<DepositAnswer>('northwindClient', 'GET', '/api/clientDeposit');
    expect(res.status).toBe(200);
    const deposits = await demo.rows<{ transaction_amount: string }>(
      sql`select transaction_amount::text from client_deposits where company_id = ${northwind}`,
    );
    const payments = await demo.rows<{ amount: string }>(
      sql`select amount::text from payment_confirmations where company_id = ${northwind}`,
    );
    expect(res.body.clientDeposits).toHaveLength(deposits.length);
    for (const row of res.body.clientDeposits)
      expect(row.unmatchedAmount).toBe(sumDollars([row.transactionAmount, -row.matchedAmount]));
    expect(res.body.ledger.at(-1)?.balance).toBe(
      sumDollars([
        ...deposits.map((row) => row.transaction_amount),
        ...payments.map((row) => `-${row.amount}`),
      ]),
    );
  });
});

describe('the change feed of bill pay rows', () => {
  const BILL_PAY_ENTITIES = ['paymentConfirmations', 'clientDeposits', 'accruals'];

  async function pull(
    role: 'northwindClient' | 'northwindLimited',
  ): Promise<{ counts: Map<string, number>; cursor: string }> {
    const counts = new Map<string, number>();
    let since: string | null = null;
    for (;;) {
      const query: string = since === null ? '?limit=5000' : `?limit=5000&since=${encodeURIComponent(since)}`;
      const page = await demo.as<{ changes: { entity: string }[]; cursor: string; hasMore: boolean }>(
        role,
        'GET',
        `/api/sync/${northwind}/changes${query}`,
      );
      expect(page.status).toBe(200);
      for (const change of page.body.changes) counts.set(change.entity, (counts.get(change.entity) ?? 0) + 1);
      if (!page.body.hasMore) return { counts, cursor: page.body.cursor };
      since = page.body.cursor;
    }
  }

  it('sends a client every bill pay row of the company, and a limited client none (AP deliveries to both)', async () => {
    const client = await pull('northwindClient');
    const limited = await pull('northwindLimited');
    const stored = await demo.rows<{ entity: string; n: number }>(
      sql`select 'paymentConfirmations' as entity, count(*)::int as n from payment_confirmations where company_id = ${northwind}
          union all select 'clientDeposits', count(*)::int from client_deposits where company_id = ${northwind}
          union all select 'accruals', count(*)::int from accruals where company_id = ${northwind}`,
    );
    for (const { entity, n } of stored) {
      expect(n, entity).toBeGreaterThan(0);
      expect(client.counts.get(entity), entity).toBe(n);
      expect(limited.counts.has(entity), entity).toBe(false);
    }
    expect(limited.counts.get('apDeliveries')).toBe(client.counts.get('apDeliveries'));
    expect(limited.counts.get('apDeliveries')).toBeGreaterThan(0);
  });

  it('makes cursors for their audience: a limited client’s cursor answers 410 to a client, and back', async () => {
    const client = await pull('northwindClient');
    const limited = await pull('northwindLimited');
    // A cursor's audience names what its reader may not read (server/src/sync/changeFeed.ts).
    const hidden = (cursor: string) => cursor.split('~')[1]?.split('.') ?? [];
    for (const entity of BILL_PAY_ENTITIES) {
      expect(hidden(client.cursor), entity).not.toContain(entity);
      expect(hidden(limited.cursor), entity).toContain(entity);
    }
    const path = (cursor: string) => `/api/sync/${northwind}/changes?since=${encodeURIComponent(cursor)}`;
    expect((await demo.as('northwindClient', 'GET', path(limited.cursor))).status).toBe(410);
    expect((await demo.as('northwindLimited', 'GET', path(client.cursor))).status).toBe(410);
  });
});

describe('control workbooks', () => {
  async function pdf(role: 'northwindClient' | 'harborClient', path: string): Promise<Response> {
    return fetch(`${demo.server.url}${path}`, { headers: { authorization: `Bearer ${demo.tokens[role]}` } });
  }

  it('lists a company’s batches and renders a batch’s workbook as a PDF, the same bytes each time', async () => {
    const list = await demo.as<{ id: string; fileName: string; batchMonth: string }[]>(
      'northwindClient',
      'GET',
      `/api/getControlWorkbookPdfs/${northwind}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    const [first] = list.body;
    expect(first?.fileName).toBe(`Control Workbook ${first?.batchMonth}.pdf`);
    const res = await pdf('northwindClient', `/api/downloadPdfAttachment?id=${first?.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('Control Workbook');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const again = Buffer.from(
      await (await pdf('northwindClient', `/api/downloadPdfAttachment?id=${first?.id}`)).arrayBuffer(),
    );
    expect(again.equals(bytes)).toBe(true);
    expect((await pdf('harborClient', `/api/downloadPdfAttachment?id=${first?.id}`)).status).toBe(404);
    expect(
      (await demo.as('summitClient', 'GET', `/api/getControlWorkbookPdfs/${demo.companies.summit}`)).status,
    ).toBe(403);
  });
});

describe('GET /api/BillPayBillNotes/{id}', () => {
  it('answers the bill pay notes of a bill of the company, oldest first, and 404 for another company’s bill', async () => {
    const [noted] = await demo.rows<{ bill_id: string; n: string }>(sql`
      select bill_id, count(*)::text as n from bill_pay_bill_notes where company_id = ${northwind}
      group by bill_id order by bill_id limit 1`);
    expect(noted).toBeDefined();
    const res = await demo.as<{ note: string; billId: string }[]>(
      'northwindClient',
      'GET',
      `/api/BillPayBillNotes/${noted?.bill_id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(Number(noted?.n));
    expect(res.body.every((note) => note.billId === noted?.bill_id && note.note !== '')).toBe(true);
    const twin = await demo.as(
      'consultant',
      'GET',
      `/api/companies/${harbor}/BillPayBillNotes/${noted?.bill_id}`,
    );
    expect(twin.status).toBe(404);
    expect((await demo.as('harborClient', 'GET', `/api/BillPayBillNotes/${noted?.bill_id}`)).status).toBe(
      404,
    );
  });
});

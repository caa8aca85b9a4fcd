import { readFileSync } from 'node:fs';
import { expect, test } from './devices';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import JSZip from 'jszip';
import type { BillListRow } from '../../src/domain/billRows';
import type { BillChargeLine } from '../../src/domain/billLines';
import { formatCurrency } from '../../src/domain/money';
import { expectNoAxeViolations } from './axe';
import { apiToken, signIn, waitForOfflineShell, waitForSync } from './support';

const EMAIL = 'client@northwind.demo';
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
const sum = (rows: readonly BillListRow[]) =>
  rows.reduce((cents, row) => cents + Math.round(row.totalNewCharges * 100), 0) / 100;

async function getJson<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** The figure of a KPI card, by its title. */
function kpi(page: Page, title: string) {
  return page
    .locator('.kpi-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .locator('.kpi-card__value');
}

// One signed-in page, synced once, shared by the tests in order (sign-in and the first sync are the slow part).
let context: BrowserContext;
let page: Page;
let token: string;
let latest12: BillListRow[];

test.describe.configure({ mode: 'serial' });

test.describe('bills', () => {
  test.setTimeout(240_000);

  test.beforeAll(async ({ devices, playwright }, testInfo) => {
    // Signing in and the first sync of the company: minutes on a loaded machine.
    testInfo.setTimeout(300_000);
    // `request` is a per-test fixture: the shared set-up makes its own API context.
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    token = await apiToken(api, EMAIL);
    latest12 = await getJson<BillListRow[]>(api, token, '/api/bills');
    await api.dispose();
    context = await devices.open(EMAIL);
    page = await context.newPage();
    await signIn(page, EMAIL);
    await page.goto('/bills');
    await waitForSync(page);
    await waitForOfflineShell(page);
  });

  test.afterAll(async () => {
    await context.close();
  });

  test('offline after a sync, the page shows the range’s bills with totals equal to the rows, and filters them', async ({
    request,
  }) => {
    const all = await getJson<BillListRow[]>(
      request,
      token,
      '/api/bills?fromDate=2000-01-01&toDate=2099-12-01',
    );
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Bills', level: 1 })).toBeVisible();
    await expect(page.getByText(/on this device, synced/)).toBeVisible();
    await expect(page.getByText('Failed to fetch bills')).toHaveCount(0);
    // Last 12 months (the default): the same bills the server's list gives, totals equal to their sum.
    await expect(kpi(page, 'Bills')).toHaveText(count(latest12.length), { timeout: 30_000 });
    await expect(kpi(page, 'Total charges')).toHaveText(formatCurrency(sum(latest12)));
    await expect(kpi(page, 'Accounts')).toHaveText(count(new Set(latest12.map((row) => row.accountId)).size));
    await expect(kpi(page, 'Missing invoices')).toHaveText(
      count(latest12.filter((row) => row.isInvoiceMissing).length),
    );
    const grid = page.getByRole('region', { name: 'Bills in range' });
    await expect(grid.getByRole('status').filter({ hasText: /rows?$/ })).toHaveText(
      `${count(latest12.length)} rows`,
    );

    // A filter narrows rows and totals alike.
    await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption('water');
    const water = latest12.filter((row) => row.serviceTypes.includes('water'));
    await expect(kpi(page, 'Bills')).toHaveText(count(water.length));
    await expect(kpi(page, 'Total charges')).toHaveText(formatCurrency(sum(water)));
    await page.getByRole('checkbox', { name: 'Anomalies only' }).check();
    const anomalies = water.filter((row) => row.anomalyReasons.length > 0);
    await expect(kpi(page, 'Bills')).toHaveText(count(anomalies.length));
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // Another range: the whole history.
    await page.getByRole('radio', { name: 'All', exact: true }).click();
    await expect(kpi(page, 'Bills')).toHaveText(count(all.length), { timeout: 30_000 });
    await expect(kpi(page, 'Total charges')).toHaveText(formatCurrency(sum(all)));
    await context.setOffline(false);
  });

  test('a bill opens offline with its charge and usage lines', async ({ request }) => {
    const bill = latest12.find((row) => row.anomalyReasons.some((reason) => reason.startsWith('Late fee')));
    if (!bill) throw new Error('no bill with a late fee in the latest 12 months');
    const charges = await getJson<BillChargeLine[]>(request, token, `/api/bills/${bill.id}/charges`);
    await context.setOffline(true);
    await page.goto(`/bills/${bill.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(bill.vendorName);
    await expect(page.getByText(/^Anomaly: Late fee of \$/)).toBeVisible();
    await expect(page.getByRole('tab', { name: `Charges (${charges.length})` })).toBeVisible();
    const table = page.getByRole('table', { name: 'Charges', exact: true });
    await expect(table.getByRole('row')).toHaveCount(Math.min(charges.length, 10) + 1);
    await expect(table.getByRole('cell', { name: 'Late Payment Charge' })).toBeVisible();
    await page.getByRole('tab', { name: /^Usage/ }).click();
    await expect(
      page.getByRole('table', { name: 'Usage', exact: true }).getByRole('row').nth(1),
    ).toBeVisible();
    await context.setOffline(false);
  });

  test('a PDF downloaded once opens offline; one never kept says it needs a network', async () => {
    const [kept, other] = latest12.filter((row) => !row.isInvoiceMissing);
    if (!kept || !other) throw new Error('no bills');
    await page.goto(`/bills/${kept.id}`);
    const first = page.waitForEvent('download');
    await page.getByRole('button', { name: 'DOWNLOAD BILL' }).click();
    const online = await first;
    expect(online.suggestedFilename()).toMatch(/_\d{4}-\d{2}\.pdf$/);
    const bytes = readFileSync(await online.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    await context.setOffline(true);
    await page.reload();
    const second = page.waitForEvent('download');
    await page.getByRole('button', { name: 'DOWNLOAD BILL' }).click();
    expect(readFileSync(await (await second).path()).equals(bytes)).toBe(true);

    await page.goto(`/bills/${other.id}`);
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await page.getByRole('button', { name: 'DOWNLOAD BILL' }).click();
    await expect(page.getByText('This bill’s PDF needs a network connection')).toBeVisible();
    expect(downloads).toBe(0);
    await context.setOffline(false);
  });

  test('the selected bills download as one zip of their PDFs', async () => {
    const first = latest12.find((row) => !row.isInvoiceMissing);
    const account = first?.accountId ?? '';
    const chosen = latest12.filter((row) => row.accountId === account && !row.isInvoiceMissing);
    await page.goto('/bills');
    // The account filter searches its list: typed text narrows it, the keyboard picks.
    const accountFilter = page.getByRole('combobox', { name: 'Account', exact: true });
    await accountFilter.fill(first?.accountNumber ?? '');
    const label = first?.nickname
      ? `${first.accountNumber} (${first.nickname})`
      : (first?.accountNumber ?? '');
    const options = page.getByRole('listbox', { name: 'Account' }).getByRole('option');
    await expect(options.getByText(label, { exact: true })).toBeVisible({ timeout: 30_000 });
    const position = (await options.allTextContents()).indexOf(label);
    expect(position).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < position; i++) await accountFilter.press('ArrowDown');
    await accountFilter.press('Enter');
    await expect(accountFilter).toHaveValue(label);
    await expect(kpi(page, 'Bills')).toHaveText(
      count(latest12.filter((row) => row.accountId === account).length),
    );
    await page.getByRole('button', { name: /^Select all/ }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download bills (${chosen.length})` }).click();
    const zipFile = await download;
    expect(zipFile.suggestedFilename()).toMatch(/^Bills_\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await JSZip.loadAsync(readFileSync(await zipFile.path()));
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(chosen.length);
    for (const row of chosen) expect(names.some((name) => name.endsWith(`_${row.billMonth}.pdf`))).toBe(true);
  });

  test('archive search answers online and says so offline', async ({ request }) => {
    const response = await request.post('/api/archive/search', {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    const { total } = (await response.json()) as { total: number };
    await page.goto('/archivedata');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: `${count(total)} statements` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Archived statements' }).getByRole('row')).toHaveCount(11);
    await context.setOffline(true);
    await expect(page.getByText(/Archive search is online only/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
    await context.setOffline(false);
  });

  test('the bills, bill and archive pages have no serious or critical axe violations', async () => {
    const bill = latest12[0];
    for (const path of ['/bills', `/bills/${bill?.id ?? ''}`, '/archivedata']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/bills') await waitForSync(page);
      await expectNoAxeViolations(page);
    }
  });
});

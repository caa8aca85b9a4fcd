import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from './devices';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { apiToken, sidebarLabels, signIn, waitForOfflineShell, waitForSync } from './support';

interface ApFigures {
  numberOfInvoices: number;
  numberOfVendors: number;
}

interface PaymentTotals {
  totals: { total: number; check: number; digital: number };
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** The figure of a KPI card, by its title. */
function kpi(page: Page, title: string) {
  return page.locator('.kpi-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

function dollars(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}

/** Opens a page of the Northwind client once the company is synced to the device. */
async function openSynced(page: Page, path: string): Promise<void> {
  await signIn(page, 'client@northwind.demo');
  await page.goto(path);
  await waitForSync(page);
}

test.describe('accounts payable and bill pay', () => {
  test.setTimeout(240_000);
  test.use({ device: 'client@northwind.demo' });

  test('accounts payable shows the server’s figures from the device, by AP file and by due date, offline too', async ({
    page,
    context,
    request,
  }) => {
    const token = await apiToken(request, 'client@northwind.demo');
    await openSynced(page, '/billdeliveries');
    await expect(page.getByRole('heading', { name: 'Accounts Payable', level: 1 })).toBeVisible();
    const fileDate = await page.getByLabel('AP file of').inputValue();
    expect(fileDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const byFile = await apiGet<ApFigures>(request, token, `/api/accounts_payable?CreateDate=${fileDate}`);
    await expect(kpi(page, 'Invoices')).toContainText(String(byFile.numberOfInvoices));
    await expect(kpi(page, 'Vendors')).toContainText(String(byFile.numberOfVendors));

    await page.getByLabel('Period by').selectOption('due');
    const from = await page.getByLabel('Due from').inputValue();
    const to = await page.getByLabel('Due to').inputValue();
    const byDue = await apiGet<ApFigures>(
      request,
      token,
      `/api/accounts_payable?DueDateFrom=${from}&DueDateTo=${to}`,
    );
    await expect(kpi(page, 'Invoices')).toContainText(String(byDue.numberOfInvoices));

    // Export writes the deliveries shown.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^AP deliveries_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    expect(workbook.worksheets[0]?.rowCount).toBe(byDue.numberOfInvoices + 1);

    await waitForOfflineShell(page);
    await context.setOffline(true);
    await page.reload();
    await expect(kpi(page, 'Invoices')).toContainText(String(byFile.numberOfInvoices));
    await context.setOffline(false);
  });

  test('bill pay tabs: payment totals by method, deposits offline, Back closes the tab first', async ({
    page,
    context,
    request,
  }) => {
    const token = await apiToken(request, 'client@northwind.demo');
    await openSynced(page, '/billpay');
    await expect(page.getByRole('tab', { name: 'Payment confirmations' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const from = await page.getByLabel('Payment date from').inputValue();
    const to = await page.getByLabel('Payment date to').inputValue();
    const server = await apiGet<PaymentTotals>(
      request,
      token,
      `/api/billPayPaymentConfirmation?fromDate=${from}&toDate=${to}`,
    );
    await expect(kpi(page, 'Total paid')).toContainText(dollars(server.totals.total));
    await expect(kpi(page, 'CHECK')).toContainText(dollars(server.totals.check));
    await expect(kpi(page, 'DIGITAL')).toContainText(dollars(server.totals.digital));

    await page.getByRole('tab', { name: 'Client deposits' }).click();
    await expect(kpi(page, 'Deposited')).not.toContainText('…');
    const balance = await kpi(page, 'Balance').locator('.kpi-card__value').innerText();
    // The browser's Back undoes the tab switch before it leaves the page (the spec's tab stack).
    await page.goBack();
    await expect(page).toHaveURL(/\/billpay$/);
    await expect(page.getByRole('tab', { name: 'Payment confirmations' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await waitForOfflineShell(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('tab', { name: 'Client deposits' }).click();
    await expect(kpi(page, 'Balance')).toContainText(balance);
    await expect(page.getByRole('heading', { name: 'Running balance' })).toBeVisible();
    await context.setOffline(false);
  });

  test('a GL file generated online is listed, and once downloaded opens offline', async ({
    page,
    context,
  }) => {
    await openSynced(page, '/billpay');
    await page.getByRole('tab', { name: 'On-demand GL' }).click();
    await page.getByLabel('Payment date from').fill('2000-01-01');
    await page.getByRole('button', { name: 'Generate' }).click();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^GL 2000-01-01 to .*\.xlsx/ }) });
    await expect(row).toHaveCount(1);
    const first = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Download/ }).click();
    const online = await first;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await online.path());
    expect(workbook.worksheets[0]?.getRow(1).getCell(1).value).toBe('GL Code');
    await expect(row).toContainText('On this device');

    await waitForOfflineShell(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('tab', { name: 'On-demand GL' }).click();
    await expect(page.getByText('Generating GL files needs a network connection')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();
    const second = page.waitForEvent('download');
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^GL 2000-01-01 to .*\.xlsx/ }) })
      .getByRole('button', { name: /^Download/ })
      .click();
    const offline = await second;
    expect(readFileSync(await offline.path()).equals(readFileSync(await online.path()))).toBe(true);
    await context.setOffline(false);
  });

  test('Harbor, an AP client without the flag, has Bill Pay; Summit is guarded away from it', async ({
    browser,
    problems,
  }) => {
    const harbor = await browser.newContext();
    problems.watch(harbor);
    const page = await harbor.newPage();
    await signIn(page, 'client@harbor.demo');
    expect(await sidebarLabels(page)).toContain('Bill Pay');
    await page.goto('/billpay');
    await expect(page.getByRole('heading', { name: 'Bill Pay', level: 1 })).toBeVisible();
    await harbor.close();

    const summit = await browser.newContext();

    problems.watch(summit);
    const other = await summit.newPage();
    await signIn(other, 'client@summit.demo');
    expect(await sidebarLabels(other)).not.toContain('Bill Pay');
    await other.goto('/billpay');
    await expect(other).toHaveURL(/\/locations$/);
    await summit.close();
  });

  test('has no serious or critical axe violations on either page', async ({ page }) => {
    await openSynced(page, '/billdeliveries');
    await expect(kpi(page, 'Invoices')).not.toContainText('…');
    await expectNoAxeViolations(page);
    await page.goto('/billpay');
    await expect(kpi(page, 'Total paid')).not.toContainText('…');
    await expectNoAxeViolations(page);
  });
});

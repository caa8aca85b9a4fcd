import ExcelJS from 'exceljs';
import { expect, test } from './devices';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { BILL_DETAIL_COLUMNS } from '../../src/domain/reports/billDetail';
import { NO_DATA_TEXT } from '../../src/domain/reports/types';
import { expectNoAxeViolations } from './axe';
import { apiToken, signIn, waitForOfflineShell, waitForSync } from './support';

const ADMIN = 'admin@northwind.demo';

async function getJson<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

async function readSheet(download: Download): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  return sheet;
}

/** The links between the Reports area's pages. */
const reportsNav = (page: Page) => page.getByRole('navigation', { name: 'Reports pages' });

/** The number of rows a report's preview says it has ('1,234 rows · computed on this device in …'). */
async function previewRowCount(page: Page, title: string): Promise<number> {
  const preview = page.getByRole('region', { name: title });
  const text = await preview.getByText(/rows · computed on this device/).innerText();
  return Number(text.split(' ')[0]?.replace(/,/g, ''));
}

test.describe('reports', () => {
  test.setTimeout(300_000);
  test.use({ device: ADMIN });

  test('offline, on the synced company: a report runs and exports, zero rows warn, missing invoices and emissions show; a filter saved offline is sent once', async ({
    page,
    context,
    request,
  }) => {
    const token = await apiToken(request, ADMIN);
    const filterName = `Offline filter ${Date.now() % 100_000}`;

    await signIn(page, ADMIN);
    await waitForSync(page);
    await waitForOfflineShell(page);
    await context.setOffline(true);

    // Zero rows: the spec's warning, no preview.
    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await page.getByLabel('From month').fill('2035-01');
    await page.getByLabel('To month').fill('2035-02');
    await page.getByRole('button', { name: 'Run report' }).click();
    await expect(page.getByRole('alert').filter({ hasText: NO_DATA_TEXT })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('region', { name: 'Bill Detail Report' })).toHaveCount(0);

    // The default range (the latest 12 bill months on the device): rows in the grid, computed in the worker.
    await page.getByRole('button', { name: 'Reset filters' }).click();
    const fromMonth = await page.getByLabel('From month').inputValue();
    const toMonth = await page.getByLabel('To month').inputValue();
    await page.getByRole('button', { name: 'Run report' }).click();
    const preview = page.getByRole('region', { name: 'Bill Detail Report' });
    await expect(preview).toBeVisible({ timeout: 120_000 });
    const rowCount = await previewRowCount(page, 'Bill Detail Report');
    expect(rowCount).toBeGreaterThan(1_000);
    // The first page shows at once; the rest of the rows follow and the note saying so goes.
    await expect(preview.getByText(/are on their way/)).toHaveCount(0, { timeout: 60_000 });

    // Export: every row of the run, with its columns and their formats.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      preview.getByRole('button', { name: 'Export .xlsx' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Bill Detail Report_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await readSheet(download);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(BILL_DETAIL_COLUMNS.map((c) => c.title));
    expect(sheet.actualRowCount).toBe(rowCount + 1);
    const column = (key: string) => BILL_DETAIL_COLUMNS.findIndex((c) => c.key === key) + 1;
    const second = sheet.getRow(2);
    expect(second.getCell(column('amount')).numFmt).toBe('"$"#,##0.00');
    expect(typeof second.getCell(column('cost')).value).toBe('number');
    expect(second.getCell(column('invoice_date')).numFmt).toBe('mm/dd/yyyy');
    expect(second.getCell(column('invoice_date')).value).toBeInstanceOf(Date);
    expect(second.getCell(column('bill_month')).value).toBe(fromMonth);

    // Save the filter offline: listed at once, waiting to sync.
    await page.getByRole('button', { name: 'Save filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save filter' });
    await dialog.getByLabel('Filter name').fill(filterName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const saved = page.getByRole('listitem').filter({ hasText: filterName });
    await expect(saved).toContainText('Waiting to sync');
    await expect(page.getByRole('button', { name: /1 pending/ })).toBeVisible();

    // Missing invoices, offline: the heat grid and the list.
    await reportsNav(page).getByRole('link', { name: 'Missing invoices' }).click();
    await expect(page.getByRole('heading', { name: 'Missing invoices', level: 1 })).toBeVisible();
    const heat = page.getByRole('region', { name: 'Missing invoices by site and month' });
    await expect(heat).toBeVisible({ timeout: 60_000 });
    await expect(heat.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Missing Invoices Report' })).toBeVisible();

    // Emissions, offline: scopes with their tooltips (the company has susScopeTooltipAccess), top emitters.
    await reportsNav(page).getByRole('link', { name: 'Emissions' }).click();
    await expect(page.getByRole('heading', { name: 'Emissions', level: 1 })).toBeVisible();
    await expect(page.getByText('Scope 1 (Metric Tons CO2e)')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'What Scope 1 covers' }).first()).toBeVisible();
    const top = page.getByRole('region', { name: /Top emitters/ });
    await expect(top.getByRole('row').nth(1)).toBeVisible();

    // Online again: the saved filter reaches the server exactly once.
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /pending/ })).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByRole('button', { name: /to review/ })).toHaveCount(0);
    const filters = await getJson<{ id: string; name: string; reportType: string; jsonFilter: unknown }[]>(
      request,
      token,
      '/api/reporting/reportFilters',
    );
    const mine = filters.filter((row) => row.name === filterName);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ reportType: 'billDetail', jsonFilter: { fromMonth, toMonth } });
    // The server's own run of that saved filter gives the rows the device gave.
    const server = await getJson<{ rows: unknown[] }>(
      request,
      token,
      `/api/reporting/report?reportType=billDetail&id=${mine[0]?.id ?? ''}`,
    );
    expect(server.rows).toHaveLength(rowCount);
  });

  test('the Reports, Missing invoices and Emissions pages have no serious or critical axe violations', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await waitForSync(page);
    const pages = [
      { path: '/reports', ready: page.getByRole('button', { name: 'Run report' }) },
      {
        path: '/reports/missing-invoices',
        ready: page.getByRole('region', { name: 'Missing invoices by site and month' }),
      },
      { path: '/reports/emissions', ready: page.getByText('Scope 1 (Metric Tons CO2e)') },
    ];
    for (const target of pages) {
      await page.goto(target.path);
      await expect(target.ready).toBeVisible({ timeout: 60_000 });
      await expectNoAxeViolations(page);
    }
  });
});

test.describe('reports guard', () => {
  test('a limited client is guarded away from Reports to Locations', async ({ page }) => {
    await signIn(page, 'limited@northwind.demo');
    await page.goto('/reports');
    await expect(page).toHaveURL(/\/locations/);
    await page.goto('/reports/missing-invoices');
    await expect(page).toHaveURL(/\/locations/);
  });
});

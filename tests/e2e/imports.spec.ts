import ExcelJS from 'exceljs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './devices';
import { expectNoAxeViolations } from './axe';
import { apiToken, signIn, waitForOfflineShell, waitForSync } from './support';

const ADMIN = 'admin@northwind.demo';

interface ListedAccount {
  id: string;
  accountNumber: string;
  vendorName: string;
}

interface Batch {
  fileName: string;
  status: string;
  counts: { bills: number; duplicates: number };
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

function csv(rows: readonly (readonly string[])[]): Buffer {
  return Buffer.from(
    rows.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\r\n'),
  );
}

const HEADERS = ['Account #', 'Utility', 'Service', 'Service Start', 'Service End', 'kWh', 'Total Charges'];

test.describe('Imports', () => {
  test.use({ device: ADMIN });
  test.setTimeout(240_000);

  test('a spreadsheet is read and checked offline, its rows in error come back as a workbook, the fixed file is applied once and undone; Green Button and sites files read on the device', async ({
    page,
    context,
    request,
    devices,
  }) => {
    const token = await apiToken(request, ADMIN);
    const [account] = await apiGet<ListedAccount[]>(request, token, '/api/accounts');
    if (!account) throw new Error('Northwind has no accounts');
    // Months no demo bill has (the seed writes the last three years), a new year each run so a rerun is not a duplicate.
    const year = String(1990 + (Math.floor(Date.now() / 1000) % 25));
    const good = [
      account.accountNumber,
      account.vendorName,
      'Electric',
      `${year}-01-01`,
      `${year}-01-31`,
      '12500',
      '1,875.40',
    ];
    const unknownAccount = [
      'NO-SUCH-ACCOUNT',
      account.vendorName,
      'Electric',
      `${year}-02-01`,
      `${year}-02-28`,
      '9000',
      '1200',
    ];
    const fileName = `northwind-${year}.csv`;

    await signIn(page, ADMIN);
    await waitForSync(page);
    await waitForOfflineShell(page);
    await page.goto('/imports');
    await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
    await context.setOffline(true);

    // Offline, the worker reads the file, guesses the columns and checks every row against this device's accounts.
    await page.locator('input[type=file]').setInputFiles({
      name: fileName,
      mimeType: 'text/csv',
      buffer: csv([HEADERS, good, unknownAccount]),
    });
    const columns = page.getByRole('table', { name: 'Columns of the file' });
    await expect(columns.getByRole('combobox', { name: 'What Account # holds' })).toHaveValue(
      'accountNumber',
    );
    await expect(columns.getByRole('combobox', { name: 'What kWh holds' })).toHaveValue('usage:kWh');
    await expect(columns.getByRole('combobox', { name: 'What Service End holds' })).toHaveValue('readDateTo');
    const errors = page.getByRole('table', { name: 'Rows in error' });
    await expect(errors).toContainText('No account NO-SUCH-ACCOUNT');
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

    // The rows in error as a workbook: the file's columns and an Error column, blank cells blank.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download rows in error' }).click();
    const saved = await download;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await saved.path());
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(1).values).toEqual([undefined, ...HEADERS, 'Error']);
    expect(sheet?.getRow(2).getCell(1).text).toBe('NO-SUCH-ACCOUNT');
    expect(sheet?.getRow(2).getCell(8).text).toContain('No account NO-SUCH-ACCOUNT');

    // The fixed file: the second row now names the account; both bills are new.
    const fixed = [...unknownAccount];
    fixed[0] = account.accountNumber;
    await page.locator('input[type=file]').setInputFiles({
      name: fileName,
      mimeType: 'text/csv',
      buffer: csv([HEADERS, good, fixed]),
    });
    const facts = page.getByRole('region', { name: 'What the file brings' });
    await expect(facts).toContainText('Bills to import2');
    await expect(facts).toContainText('21,500 kWh for $3,075.40');
    await expect(page.getByRole('table', { name: 'Rows in error' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText(`Import of ${fileName} queued`)).toBeVisible();
    const list = page.getByRole('table', { name: 'Imports of the company' });
    await expect(list.getByRole('row', { name: new RegExp(fileName) })).toContainText(
      'Waiting to be applied',
    );
    await expectNoAxeViolations(page);

    // Back online, the outbox sends it once; the batch and its bills come back through the feed.
    await context.setOffline(false);
    const row = list.getByRole('row', { name: new RegExp(fileName) });
    await expect(row).toContainText('Applied', { timeout: 60_000 });
    await expect(row).toContainText('21,500 kWh');
    const batches = await apiGet<Batch[]>(request, token, '/api/imports');
    expect(batches.filter((batch) => batch.fileName === fileName)).toEqual([
      expect.objectContaining({ status: 'applied', counts: expect.objectContaining({ bills: 2 }) }),
    ]);
    await page.goto(`/accounts/${account.id}`);
    await expect(page.getByRole('region', { name: 'Bills' })).toBeVisible();
    const chargesTab = (on: typeof page) => on.getByRole('tab', { name: /^Charges \(\d+\)$/ });
    const withImport = (await chargesTab(page).textContent()) ?? '';
    const billCount = Number(/\((\d+)\)/.exec(withImport)?.[1]);

    // A second device of the same user, synced before the import, gets the imported bills and keeps them offline.
    const second = await devices.open(ADMIN);
    const other = second.pages()[0] ?? (await second.newPage());
    await signIn(other, ADMIN);
    await waitForSync(other);
    await second.setOffline(true);
    await other.goto(`/accounts/${account.id}`);
    await expect(chargesTab(other)).toHaveText(`Charges (${billCount})`);
    await second.setOffline(false);

    // The same file again: both bills are duplicates, so there is nothing to import unless asked.
    await page.goto('/imports');
    await page.locator('input[type=file]').setInputFiles({
      name: fileName,
      mimeType: 'text/csv',
      buffer: csv([HEADERS, good, fixed]),
    });
    await expect(page.getByText('The columns are mapped as in the last import')).toBeVisible();
    await expect(page.getByRole('region', { name: 'What the file brings' })).toContainText(
      'Already present (duplicates)2',
    );
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // A Green Button file (Opower's public sample, tests/fixtures/greenButton/README.md) is read into monthly bills of
    // the account chosen for it.
    await page.getByRole('radio', { name: 'Green Button file (XML)' }).check();
    await page.getByRole('combobox', { name: 'Account' }).fill(account.accountNumber);
    await page
      .getByRole('option', { name: new RegExp(account.accountNumber) })
      .first()
      .click();
    await page.locator('input[type=file]').setInputFiles('tests/fixtures/greenButton/gasMonthlyOpower.xml');
    await expect(page.getByRole('region', { name: 'What the file brings' })).toContainText(
      /Bills to import[1-9]/,
    );
    await expect(page.getByRole('table', { name: 'Columns of the file' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // A sites file is checked by the rule a site added by hand is: one new site, one row in error.
    await page.getByRole('radio', { name: 'Sites (CSV or XLSX)' }).check();
    await page.locator('input[type=file]').setInputFiles({
      name: 'sites.csv',
      mimeType: 'text/csv',
      buffer: csv([
        ['Store #', 'Store Name', 'Address', 'City', 'State', 'Zip'],
        [`S-${year}`, 'Lakeside Depot', '12 Shore Rd', 'Duluth', 'MN', '55802'],
        [`T-${year}`, 'Nowhere', '1 Road', 'Town', 'Atlantis', '00000'],
      ]),
    });
    const siteFacts = page.getByRole('region', { name: 'What the file brings' });
    await expect(siteFacts).toContainText('Sites to create1');
    await expect(page.getByRole('table', { name: 'Rows in error' })).toContainText('State is not a state');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Undo takes the batch's bills off the company.
    await page.getByRole('button', { name: `Undo the import of ${fileName}` }).click();
    await page.getByRole('button', { name: 'Undo import' }).click();
    await expect(list.getByRole('row', { name: new RegExp(fileName) })).toContainText('Undone', {
      timeout: 60_000,
    });
    await expect
      .poll(
        async () =>
          (await apiGet<Batch[]>(request, token, '/api/imports')).find((b) => b.fileName === fileName)
            ?.status,
      )
      .toBe('undone');

    // The undo reaches the second device through the feed: two bills fewer there too.
    await other.reload();
    await expect(chargesTab(other)).toHaveText(`Charges (${billCount - 2})`, { timeout: 60_000 });
    await second.close();
  });
});

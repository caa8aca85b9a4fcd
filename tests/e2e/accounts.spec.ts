import { expect, test } from './devices';
import type { APIRequestContext } from '@playwright/test';
import { COMPANY_IDS } from '../../server/src/seed/plans';
import { expectNoAxeViolations } from './axe';
import { apiToken, signIn, waitForOfflineShell, waitForSync } from './support';
import { feedCursorOver } from '../helpers/feedCursor';

/** The role names of the client users these tests read the feed as. */

/** An account as GET /api/accounts and /api/accounts/{id}/info answer it (the fields read here). */
interface ServerAccount {
  id: string;
  version: number;
  nickname: string | null;
  accountNumber: string;
  locationId: string;
  companyId: number;
}

interface ChangePage {
  changes: { entity: string; id: string | number; version: number }[];
  cursor: string;
  hasMore: boolean;
}

async function getJson<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/**
 * The company's current change-feed version: the feed read to its end from `since`. Versions are one counter per
 * company (docs/architecture.md §4), so a write applied once moves it by exactly one.
 */
async function companyVersion(
  request: APIRequestContext,
  token: string,
  companyId: number,
  since: number,
): Promise<number> {
  let cursor = await feedCursorOver(request, token, companyId, since);
  for (;;) {
    const page = await getJson<ChangePage>(
      request,
      token,
      `/api/sync/${companyId}/changes?since=${cursor}&limit=5000`,
    );
    cursor = page.cursor;
    if (!page.hasMore) return Number(cursor.split('~')[0]);
  }
}

test.describe('accounts', () => {
  test.setTimeout(240_000);
  test.use({ device: 'client@northwind.demo' });

  test('renames an account offline from its location; online, the server applies the nickname once', async ({
    page,
    context,
    request,
  }) => {
    const token = await apiToken(request, 'client@northwind.demo');
    const accounts = await getJson<ServerAccount[]>(request, token, '/api/accounts');
    const target = accounts.find((account) => account.nickname === null) ?? accounts[0];
    if (!target) throw new Error('the demo company has no accounts');
    const before = await getJson<ServerAccount>(request, token, `/api/accounts/${target.id}/info`);
    const nickname = `Offline rename ${Date.now() % 100_000}`;

    await signIn(page, 'client@northwind.demo');
    await waitForSync(page);
    await waitForOfflineShell(page);
    await context.setOffline(true);

    // Offline: the location page, its accounts, the account, the rename — all from the local database.
    await page.goto(`/locations/${target.locationId}`);
    await page.getByRole('tab', { name: /^Accounts/ }).click();
    await page.getByRole('link', { name: target.accountNumber, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/accounts/${target.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(target.accountNumber);
    await page.getByRole('button', { name: 'Rename nickname' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename account' });
    await expect(dialog.getByRole('note')).toContainText('You are offline');
    await dialog.getByLabel('Nickname').fill(nickname);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(nickname);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Waiting to sync');
    await expect(page.getByRole('button', { name: /1 pending/ })).toBeVisible();

    // Still offline after a reload: the shell comes from the service worker, the name from the local database.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(nickname);
    await expect(page.getByRole('button', { name: /^Offline/ })).toBeVisible();

    // The company's version right before the write reaches the server (nothing else writes to it meanwhile).
    const versionBefore = await companyVersion(request, token, target.companyId, before.version);
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /^Synced/ })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: /pending/ })).toHaveCount(0, { timeout: 60_000 });
    // A conflict or refusal would also empty the queue: it must not be one.
    await expect(page.getByRole('button', { name: /to review/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText('Waiting to sync');

    const after = await getJson<ServerAccount>(request, token, `/api/accounts/${target.id}/info`);
    expect(after.nickname).toBe(nickname);
    // Applied once: the company's counter moved by exactly one, and that one version is this account's.
    expect(after.version).toBe(versionBefore + 1);
    expect(await companyVersion(request, token, target.companyId, versionBefore)).toBe(versionBefore + 1);
    const since = await getJson<ChangePage>(
      request,
      token,
      `/api/sync/${target.companyId}/changes?since=${await feedCursorOver(request, token, target.companyId, versionBefore)}`,
    );
    expect(since.changes).toEqual([
      expect.objectContaining({ entity: 'accounts', id: target.id, version: versionBefore + 1 }),
    ]);
    expect(after.version).toBeGreaterThan(before.version);
  });

  test('a meter added offline that the server refuses shows as refused in the Sync panel and is undone', async ({
    page,
    context,
    request,
    problems,
  }) => {
    // The server's refusal is what this test provokes.
    problems.expect(/^POST \S+\/api\/accounts\/addMeterRecord → 400$/);
    const token = await apiToken(request, 'client@northwind.demo');
    const accounts = await getJson<(ServerAccount & { locationState: string; meterCount: number })[]>(
      request,
      token,
      '/api/accounts',
    );
    const target = accounts.find((account) => account.locationState === 'TX' && account.meterCount > 0);
    if (!target) throw new Error('the demo company has no metered Texas account');
    const meterNumber = `E2E-${Date.now() % 100_000}`;

    await signIn(page, 'client@northwind.demo');
    await waitForSync(page);
    await waitForOfflineShell(page);
    await context.setOffline(true);
    await page.goto(`/accounts/${target.id}`);
    await expect(
      page
        .getByRole('region', { name: /^Meters/ })
        .getByRole('row')
        .nth(1),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add meter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add meter' });
    await dialog.getByLabel('Meter number').fill(meterNumber);
    // The server's rule, checked before anything is queued.
    await dialog.getByLabel('ESI ID').fill('12345');
    await dialog.getByRole('button', { name: 'Add meter' }).click();
    await expect(
      dialog.getByText('ESI ID must be an ERCOT ESI ID of 17 or 22 digits in Texas'),
    ).toBeVisible();
    await dialog.getByLabel('ESI ID').fill('');
    await dialog.getByRole('button', { name: 'Add meter' }).click();
    await expect(dialog).toBeHidden();
    const meters = page.getByRole('region', { name: /^Meters/ });
    await expect(meters.getByRole('row', { name: new RegExp(meterNumber) })).toContainText('Waiting to sync');

    // Meanwhile someone adds the same meter number on the server: replaying mine must be refused.
    const taken = await request.post('/api/accounts/addMeterRecord', {
      headers: { Authorization: `Bearer ${token}` },
      data: { accountId: target.id, meterNumber, meterService: 'electric' },
    });
    expect(taken.status()).toBe(201);
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /1 to review/ })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: /1 to review/ }).click();
    const panel = page.getByRole('dialog', { name: 'Sync' });
    await expect(panel).toContainText('Refused by the server');
    await expect(panel).toContainText(`meter ${meterNumber} already exists on this account`);
    await panel.getByRole('button', { name: 'Close' }).click();
    // Undone here; the server's meter (pulled) is the only one with that number.
    await expect(meters.getByRole('row', { name: new RegExp(meterNumber) })).toHaveCount(1);
    await expect(meters.getByRole('row', { name: new RegExp(meterNumber) })).not.toContainText(
      'Waiting to sync',
    );
  });
});

test.describe('accounts of a client company', () => {
  test.setTimeout(240_000);
  test.use({
    device: { email: 'consultant@get.demo', company: COMPANY_IDS.northwind },
  });

  test('the consultant’s accounts grid of a client lists as many accounts as the server', async ({
    page,
    request,
  }) => {
    const companyId = COMPANY_IDS.northwind;
    const token = await apiToken(request, 'consultant@get.demo');
    const accounts = await getJson<ServerAccount[]>(request, token, `/api/companies/${companyId}/accounts`);
    expect(accounts.length).toBeGreaterThan(0);

    await signIn(page, 'consultant@get.demo');
    await page.goto(`/companies/${companyId}/accounts`);
    await waitForSync(page);
    await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
    const count = new Intl.NumberFormat('en-US').format(accounts.length);
    // The grid toolbar's row count (a status next to the filter).
    const grid = page.getByRole('region', { name: 'All accounts' });
    await expect(grid.getByRole('status').filter({ hasText: /rows?$/ })).toHaveText(`${count} rows`, {
      timeout: 30_000,
    });
    await expectNoAxeViolations(page);

    // Opened filtered, as GET AI opens "accounts in Houston": the quick filter holds the text and the rows match it.
    await page.goto(`/companies/${companyId}/accounts?search=Houston`);
    await expect(grid.getByRole('searchbox', { name: 'Filter rows' })).toHaveValue('Houston');
    await expect(grid.getByRole('status').filter({ hasText: /rows?$/ })).toHaveText(
      new RegExp(`^[1-9][\\d,]* of ${count} rows$`),
    );
  });
});

import { expect, test } from './devices';
import type { APIRequestContext } from '@playwright/test';
import { COMPANY_IDS } from '../../server/src/seed/plans';
import { expectNoAxeViolations } from './axe';
import { apiToken, signIn, waitForOfflineShell, waitForSync } from './support';
import { feedCursorOver } from '../helpers/feedCursor';

/** The role names of the client users these tests read the feed as. */

/** A request as GET /api/opencloseaccounts/{companyId} lists it (the fields read here). */
interface ServerRequest {
  id: string;
  version: number;
  locationId: string;
  locationName: string;
  serviceType: string;
  accountStatus: number;
  contactName: string | null;
  requestedByName: string | null;
}

interface ChangePage {
  cursor: string;
  hasMore: boolean;
}

const SUMMIT = COMPANY_IDS.summit;

async function getJson<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** The company's change-feed version, read from `since` to the end (one counter per company, +1 per write). */
async function companyVersion(request: APIRequestContext, token: string, since: number): Promise<number> {
  let cursor = await feedCursorOver(request, token, SUMMIT, since);
  for (;;) {
    const page = await getJson<ChangePage>(
      request,
      token,
      `/api/sync/${SUMMIT}/changes?since=${cursor}&limit=5000`,
    );
    cursor = page.cursor;
    if (!page.hasMore) return Number(cursor.split('~')[0]);
  }
}

test.describe('open/close accounts', () => {
  test.setTimeout(240_000);
  test.use({ device: 'client@summit.demo' });

  test('an opening made offline stays on the device and reaches the server once, one request per service', async ({
    page,
    context,
    request,
  }) => {
    const token = await apiToken(request, 'client@summit.demo');
    const before = await getJson<ServerRequest[]>(request, token, `/api/opencloseaccounts/${SUMMIT}`);
    const contact = `Offline Contact ${Date.now() % 100_000}`;

    await signIn(page, 'client@summit.demo');
    await waitForSync(page);
    await waitForOfflineShell(page);
    await context.setOffline(true);

    await page.goto('/opencloseaccounts/new');
    await expect(page.getByRole('note')).toContainText('You are offline');
    const site = page.getByRole('combobox', { name: 'Location', exact: true });
    await site.selectOption({ index: 1 });
    const siteName = ((await site.locator('option:checked').textContent()) ?? '').split(' — ')[0] ?? '';
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: 'Electricity' }).check();
    await page.getByRole('checkbox', { name: 'Water', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    // The server's rule, checked on the device before anything is queued.
    await page.getByLabel('Store open date').fill('2027-03-01');
    await page.getByLabel('Turnover date').fill('2027-03-15');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Turnover date must be on or before the store open date')).toBeVisible();
    await page.getByLabel('Turnover date').fill('2027-02-01');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Contact name').fill(contact);
    await page.getByLabel('Contact phone').fill('(505) 555-0123');
    await page.getByRole('button', { name: 'Next' }).click();
    const review = page.getByRole('group', { name: 'Review' });
    await expect(review).toContainText('Electricity');
    await expect(review).toContainText('Water');
    await expect(review).toContainText(contact);
    await page.getByRole('button', { name: 'Finish' }).click();

    // Back on the list: two requests (one per service), queued as one write.
    await expect(page).toHaveURL(/\/opencloseaccounts$/);
    await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: siteName });
    const table = page.getByRole('table', { name: 'Open/close requests' });
    await expect(table.getByText('Waiting to sync')).toHaveCount(2);
    await expect(page.getByRole('button', { name: /1 pending/ })).toBeVisible();

    // Still there after an offline reload: the shell from the service worker, the rows from the device.
    await page.reload();
    await expect(page.getByRole('button', { name: /^Offline/ })).toBeVisible();
    await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: siteName });
    await expect(table.getByText('Waiting to sync')).toHaveCount(2);

    const versionBefore = await companyVersion(
      request,
      token,
      Math.max(0, ...before.map((row) => row.version)),
    );
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /pending/ })).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByRole('button', { name: /to review/ })).toHaveCount(0);
    await expect(table.getByText('Waiting to sync')).toHaveCount(0);

    const after = await getJson<ServerRequest[]>(request, token, `/api/opencloseaccounts/${SUMMIT}`);
    const mine = after.filter((row) => row.contactName === contact);
    expect(mine.map((row) => row.serviceType).sort()).toEqual(['electric', 'water']);
    for (const row of mine)
      expect(row).toMatchObject({
        accountStatus: 0,
        requestedByName: 'Owen Nakamura',
        locationName: siteName,
      });
    // Applied once: one write, so the company's counter moved by exactly one.
    expect(await companyVersion(request, token, versionBefore)).toBe(versionBefore + 1);
    expect(after).toHaveLength(before.length + 2);
  });

  test('a status change by the consultant reaches the client’s device after a sync', async ({
    devices,
    page,
    request,
  }) => {
    const token = await apiToken(request, 'client@summit.demo');
    const [anySite] = await getJson<ServerRequest[]>(request, token, `/api/opencloseaccounts/${SUMMIT}`);
    const created = await request.post('/api/OpenAccounts', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        locationId: anySite?.locationId,
        services: [{ serviceType: 'trash' }],
        turnoverDate: '2027-04-01',
        storeOpenDate: '2027-04-15',
        contactName: 'Status Contact',
        contactEmail: 'status@summit.demo',
      },
    });
    expect(created.status()).toBe(201);
    const { requests } = (await created.json()) as { requests: ServerRequest[] };
    const id = requests[0]?.id ?? '';

    await signIn(page, 'client@summit.demo');
    await waitForSync(page);
    await page.goto(`/opencloseaccounts/${id}`);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toContainText('Open Trash');
    await expect(title).toContainText('Received');
    // Clients see where the request stands but do not move it.
    await expect(page.getByRole('combobox', { name: 'Move to' })).toHaveCount(0);

    const consultantContext = await devices.open({ email: 'consultant@get.demo', company: SUMMIT });
    const consultant = await consultantContext.newPage();
    await signIn(consultant, 'consultant@get.demo');
    await consultant.goto(`/companies/${SUMMIT}/opencloseaccounts/${id}`);
    await waitForSync(consultant);
    await consultant.getByRole('combobox', { name: 'Move to' }).selectOption({ label: 'In Progress' });
    await consultant.getByRole('button', { name: 'Update status' }).click();
    await expect(consultant.getByRole('heading', { level: 1 })).toContainText('In Progress');
    await expect(consultant.getByRole('button', { name: /pending/ })).toHaveCount(0, { timeout: 60_000 });
    await expect(consultant.getByRole('button', { name: /to review/ })).toHaveCount(0);
    await consultantContext.close();

    // The client's device learns it with its next sync, history and all.
    await page.getByRole('button', { name: /^Synced/ }).click();
    await page
      .getByRole('dialog', { name: 'Sync' })
      .getByRole('button', { name: 'Sync now', exact: true })
      .click();
    await page.getByRole('dialog', { name: 'Sync' }).getByRole('button', { name: 'Close' }).click();
    await expect(title).toContainText('In Progress', { timeout: 60_000 });
    const history = page.getByRole('list', { name: 'History' });
    await expect(history).toContainText('Status changed from Received to In Progress');
    await expect(history).toContainText('Jordan Patel');
  });
});

test.describe('open/close guards', () => {
  test.setTimeout(240_000);

  test('limited clients and companies without open/close are guarded away', async ({
    browser,
    page,
    problems,
  }) => {
    await signIn(page, 'limited@northwind.demo');
    await page.goto('/opencloseaccounts');
    // The guard reads the company record, which a first visit waits for (the worker fetches it).
    await expect(page).toHaveURL(/\/locations$/, { timeout: 60_000 });
    const harborContext = await browser.newContext();
    problems.watch(harborContext);
    const harbor = await harborContext.newPage();
    await signIn(harbor, 'client@harbor.demo');
    await harbor.goto('/opencloseaccounts/new');
    await expect(harbor).toHaveURL(/\/locations$/, { timeout: 60_000 });
    const sidebar = harbor.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link', { name: 'Locations' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Open/Close Accounts' })).toHaveCount(0);
    await harborContext.close();
  });
});

test.describe('open/close accounts of a client company', () => {
  test.setTimeout(240_000);
  test.use({ device: { email: 'consultant@get.demo', company: SUMMIT } });

  test('the list, a request and the new-request form have no serious or critical axe violations', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'consultant@get.demo');
    const [first] = await getJson<ServerRequest[]>(
      request,
      token,
      `/api/companies/${SUMMIT}/opencloseaccounts`,
    );
    await signIn(page, 'consultant@get.demo');
    const root = `/companies/${SUMMIT}/opencloseaccounts`;
    for (const [path, ready] of [
      [root, page.getByRole('table', { name: 'Open/close requests' })],
      [
        `${root}/${first?.id ?? ''}`,
        page.getByRole('combobox', { name: 'Move to' }).or(page.getByText('Done is final')),
      ],
      [`${root}/new`, page.getByRole('combobox', { name: 'Location', exact: true })],
    ] as const) {
      await page.goto(path);
      await expect(ready).toBeVisible({ timeout: 120_000 });
      await expectNoAxeViolations(page);
    }
  });
});

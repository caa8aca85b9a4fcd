import { expect, test } from './devices';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { localToday } from '../../src/domain/contracts';
import { countOpenAlerts, openAlertsText } from '../../src/domain/counts';
import { COMPANY_IDS } from '../../server/src/seed/plans';
import { expectNoAxeViolations } from './axe';
import { apiToken, signIn, waitForOfflineShell, waitForSync } from './support';

/** An alert as the server lists it (the fields read here). */
interface ServerAlert {
  id: string;
  status: string;
  importDate: string;
  locationId: string;
  accountId: string;
  rule: string;
  message: string;
}

/** A note as `GET /alerts/notes/{id}` answers it. */
interface ServerNote {
  id: string;
  note: string;
  closed: boolean;
}

const NORTHWIND = COMPANY_IDS.northwind;

async function api<T>(
  request: APIRequestContext,
  token: string,
  url: string,
  init: { method?: 'GET' | 'PUT' | 'POST'; data?: unknown; status?: number } = {},
): Promise<T> {
  const response = await request.fetch(url, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}` },
    ...(init.data === undefined ? {} : { data: init.data }),
  });
  expect(response.status(), `${init.method ?? 'GET'} ${url}`).toBe(init.status ?? 200);
  return (await response.json()) as T;
}

/** Every alert of Northwind, as the consultant's twin route lists them. */
function allAlerts(request: APIRequestContext, token: string): Promise<ServerAlert[]> {
  return api<ServerAlert[]>(request, token, `/api/companies/${NORTHWIND}/alerts?isAlertMinDate=true`);
}

function notesOf(request: APIRequestContext, token: string, alertId: string): Promise<ServerNote[]> {
  return api<ServerNote[]>(request, token, `/api/companies/${NORTHWIND}/alerts/notes/${alertId}`);
}

/** Sets the page's filters to the alerts of one location (and account and rule), open ones, from the first alert. */
async function filterAlerts(
  page: Page,
  alert: Pick<ServerAlert, 'locationId'> & Partial<Pick<ServerAlert, 'accountId' | 'rule'>>,
): Promise<void> {
  const filters = page.getByRole('form', { name: 'Alert filters' });
  await filters.getByRole('button', { name: 'Reset filters' }).click();
  await filters.getByLabel('From the first alert').check();
  await filters.getByLabel('Status').selectOption('open');
  await filters.getByLabel('Location').selectOption(alert.locationId);
  if (alert.accountId) await filters.getByLabel('Account').selectOption(alert.accountId);
  if (alert.rule) await filters.getByLabel('Rule').selectOption(alert.rule);
}

test.describe('alerts as the consultant, offline', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(300_000);

  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ devices }) => {
    test.setTimeout(300_000);
    context = await devices.open({ email: 'consultant@get.demo', company: NORTHWIND });
    page = await context.newPage();
    await signIn(page, 'consultant@get.demo');
    await page.goto(`/companies/${NORTHWIND}/alerts`);
    await waitForSync(page);
    await waitForOfflineShell(page);
  });

  test.afterAll(async () => {
    await context.close();
  });

  test('a note added and closed, a status change, Finalize and a batch resolve made offline survive a reload and each reach the server once', async ({
    request,
  }) => {
    const token = await apiToken(request, 'consultant@get.demo');
    const alerts = await allAlerts(request, token);
    const open = alerts.filter((alert) => alert.status === 'open');
    // Notes of the open alerts of a few sites: enough to pick alerts the rules let through.
    const noteCounts = new Map<string, ServerNote[]>();
    const notesFor = async (alert: ServerAlert) => {
      const known = noteCounts.get(alert.id);
      if (known) return known;
      const notes = await notesOf(request, token, alert.id);
      noteCounts.set(alert.id, notes);
      return notes;
    };
    // The batch: a site whose open alerts (2 to 10, one page) have no open note, so resolving them all is allowed.
    const bySite = new Map<string, ServerAlert[]>();
    for (const alert of open) bySite.set(alert.locationId, [...(bySite.get(alert.locationId) ?? []), alert]);
    let batch: ServerAlert[] | null = null;
    for (const list of bySite.values()) {
      if (list.length < 2 || list.length > 10) continue;
      const notes = await Promise.all(list.map(notesFor));
      if (notes.every((each) => each.every((note) => note.closed))) {
        batch = list;
        break;
      }
    }
    if (!batch) throw new Error('no site with a resolvable set of open alerts');
    const batchSite = batch[0]?.locationId ?? '';
    // The single alert: open, no notes, its message unique among its site, account and rule, on another site.
    let single: ServerAlert | null = null;
    for (const alert of open) {
      if (alert.locationId === batchSite) continue;
      const twins = open.filter(
        (other) =>
          other.accountId === alert.accountId && other.rule === alert.rule && other.message === alert.message,
      );
      if (twins.length === 1 && (await notesFor(alert)).length === 0) {
        single = alert;
        break;
      }
    }
    if (!single) throw new Error('no open alert without notes');

    const sent: string[] = [];
    page.on('request', (sentRequest) => {
      const url = sentRequest.url();
      if (sentRequest.method() !== 'GET' && url.includes('/alerts/'))
        sent.push(`${sentRequest.method()} ${new URL(url).pathname}`);
    });

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: /^Offline/ })).toBeVisible();

    // One alert: a note, closed, a status change, then Finalize (allowed once every note is closed).
    await filterAlerts(page, single);
    await page.getByRole('button', { name: single.message }).first().click();
    const dialog = page.getByRole('dialog', { name: /^Alert:/ });
    await expect(dialog.getByRole('button', { name: 'Finalize' })).toBeDisabled();
    await expect(dialog.getByText('Add a note before finalizing.')).toBeVisible();
    await dialog
      .getByLabel('New note')
      .fill('Called the utility: a meter read estimate, corrected on the next bill.');
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await expect(dialog.getByText('Called the utility: a meter read estimate')).toBeVisible();
    await expect(dialog.getByText('Close the open note before finalizing.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close note' }).click();
    await dialog.getByLabel('Status').selectOption('pending');
    await dialog.getByRole('button', { name: 'Change status' }).click();
    await expect(dialog.getByRole('button', { name: 'Finalize' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Finalize' }).click();
    await expect(dialog.getByText('This alert is already closed.')).toBeVisible();
    await expect(dialog.getByText('Waiting to sync').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // The batch: every open alert of one site, one note, one write.
    await filterAlerts(page, { locationId: batchSite });
    await expect(page.getByRole('heading', { name: `${batch.length} alerts`, exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Select all shown' }).click();
    await page.getByRole('button', { name: `Resolve selected (${batch.length})` }).click();
    const resolve = page.getByRole('dialog', { name: 'Resolve alerts' });
    await expect(resolve.getByRole('note')).toContainText('You are offline');
    await resolve.getByLabel('Note').fill('Reviewed with the site manager: expected seasonal use.');
    await resolve.getByRole('button', { name: `Resolve ${batch.length} alerts` }).click();
    await expect(page.getByText('No alerts match these filters.')).toBeVisible();
    await expect(page.getByRole('button', { name: /5 pending/ })).toBeVisible();

    // Still offline after a reload: the changes come from the device, the writes wait in the outbox.
    await page.reload();
    await expect(page.getByRole('button', { name: /5 pending/ })).toBeVisible();
    await filterAlerts(page, { locationId: batchSite });
    await expect(page.getByText('No alerts match these filters.')).toBeVisible();
    expect(sent).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /pending/ })).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByRole('button', { name: /to review/ })).toHaveCount(0);

    // Each write reached the server once, in order, and the server holds their result.
    const after = await notesOf(request, token, single.id);
    expect(after).toHaveLength(1);
    expect(after[0]?.closed).toBe(true);
    expect(sent).toEqual([
      `POST /api/alerts/${single.id}/notes`,
      `POST /api/alerts/notes/${after[0]?.id ?? ''}`,
      `PUT /api/alerts/${single.id}`,
      `PUT /api/alerts/${single.id}`,
      `PUT /api/companies/${NORTHWIND}/alerts/batchResolve`,
    ]);
    const now = new Map((await allAlerts(request, token)).map((alert) => [alert.id, alert.status]));
    expect(now.get(single.id)).toBe('closed');
    for (const alert of batch) {
      expect(now.get(alert.id)).toBe('closed');
      const notes = await notesOf(request, token, alert.id);
      expect(notes.filter((note) => note.note.startsWith('Reviewed with the site manager'))).toHaveLength(1);
    }
  });

  test('a status changed offline that someone changed meanwhile reaches the Sync panel with both versions', async ({
    request,
  }) => {
    const token = await apiToken(request, 'consultant@get.demo');
    const alerts = await allAlerts(request, token);
    const target = alerts.find(
      (alert) =>
        alert.status === 'open' &&
        alerts.filter(
          (other) =>
            other.accountId === alert.accountId && other.rule === alert.rule && other.status === 'open',
        ).length === 1,
    );
    if (!target) throw new Error('no open alert alone on its account and rule');

    await context.setOffline(true);
    await filterAlerts(page, target);
    await page.getByRole('button', { name: target.message }).first().click();
    const dialog = page.getByRole('dialog', { name: /^Alert:/ });
    await dialog.getByLabel('Status').selectOption('pending');
    await dialog.getByRole('button', { name: 'Change status' }).click();
    await expect(dialog.getByText('Waiting to sync')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // Meanwhile someone else moves the same alert on the server.
    await api(request, token, `/api/companies/${NORTHWIND}/alerts/${target.id}`, {
      method: 'PUT',
      data: { status: 'pending - client input' },
    });

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /1 to review/ })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: /to review/ }).click();
    const panel = page.getByRole('dialog', { name: 'Sync' });
    const item = panel.getByRole('listitem').filter({ hasText: 'Changed by someone else' });
    await expect(item).toBeVisible();
    const statusRow = item.getByRole('row', { name: /^status/ });
    await expect(statusRow.getByRole('cell').nth(0)).toHaveText('pending');
    await expect(statusRow.getByRole('cell').nth(1)).toHaveText('pending - client input');
    await item.getByRole('button', { name: 'Take theirs' }).click();
    await expect(panel.getByText('Every change has reached the server.')).toBeVisible({ timeout: 30_000 });
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
    const now = (await allAlerts(request, token)).find((alert) => alert.id === target.id);
    expect(now?.status).toBe('pending - client input');
  });

  test('the editable alerts page and its detail panel have no serious axe violations', async () => {
    await page.goto(`/companies/${NORTHWIND}/alerts`);
    await expect(page.getByRole('heading', { name: /^[\d,]+ alerts?$/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.locator('.alerts-table__open').first().click();
    await expect(page.getByRole('dialog', { name: /^Alert:/ }).getByText(/^Notes \(/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('as a client: /alertsro lists the alerts read-only, the sidebar and home count the open ones, and the server refuses writes', async ({
  devices,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await apiToken(request, 'client@northwind.demo');
  const alerts = await api<ServerAlert[]>(request, token, '/api/alerts?isAlertMinDate=true');
  // The open alerts as src/domain/counts.ts defines them: open statuses in the Alerts page's default window.
  const openCount = countOpenAlerts(alerts, localToday());
  const first = alerts[0];
  if (!first) throw new Error('Northwind has no alerts');
  // Every write is refused: a client's alerts access is read-only (the same rule as the guard).
  await api(request, token, `/api/alerts/${first.id}`, {
    method: 'PUT',
    data: { status: 'pending' },
    status: 403,
  });
  await api(request, token, `/api/alerts/${first.id}/notes`, {
    method: 'POST',
    data: { note: 'x' },
    status: 403,
  });
  await api(request, token, `/api/alerts/batchResolve?ids=${first.id}`, {
    method: 'PUT',
    data: { note: 'x' },
    status: 403,
  });

  const context = await devices.open('client@northwind.demo');
  const page = await context.newPage();
  await signIn(page, 'client@northwind.demo');
  await waitForSync(page);
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Alerts/ });
  await expect(link).toHaveAttribute('href', '/alertsro');
  await expect(link).toHaveAccessibleName(new RegExp(`^Alerts\\s?${openCount}$`));
  await expect(link).toHaveAccessibleDescription(openAlertsText(openCount));
  await expect(page.getByText('Open alerts').locator('..').locator('.kpi-card__value')).toHaveText(
    String(openCount),
  );

  await page.goto('/alerts');
  await expect(page).toHaveURL(/\/alertsro$/);
  await expect(page.getByText('Northwind Retail · read only')).toBeVisible();
  await expect(page.getByRole('button', { name: /Resolve selected/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /^Select:/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.locator('.alerts-table__open').first().click();
  const dialog = page.getByRole('dialog', { name: /^Alert:/ });
  await expect(dialog.getByText(/^Notes \(/)).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: /Add note|Change status|Finalize|Close note|Edit/ }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);
  await context.close();
});

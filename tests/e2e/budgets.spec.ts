import { expect, test } from './devices';
import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { apiToken, signIn, waitForOfflineShell, waitForSync } from './support';

/** A budget as `GET /api/budgets` answers it (the fields read here). */
interface ServerBudget {
  id: string;
  locationId: string;
  serviceType: string;
  startMonth: string;
  monthCount: number;
  budgetItems: { month: string; budgetSpendAmount: number; actualSpendAmount: number }[];
}

const currency = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

async function getJson<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

test('as a client with budgets: budgets against the bills on the device, and a budget created and edited offline reaches the server once', async ({
  devices,
  request,
}) => {
  test.setTimeout(300_000);
  const token = await apiToken(request, 'client@summit.demo');
  const budgets = await getJson<ServerBudget[]>(request, token, '/api/budgets');
  const sites = await getJson<{ id: string; name: string }[]>(request, token, '/api/locations');
  const seeded = budgets.find((budget) => budget.serviceType === 'electric');
  if (!seeded) throw new Error('Summit has no electric budget');
  const siteName = (id: string) => sites.find((site) => site.id === id)?.name ?? '';
  // A site for the new budget: another one, next year (no budget there yet).
  const target = sites.find((site) => site.id !== seeded.locationId);
  if (!target) throw new Error('Summit has one site only');
  const year = new Date().getFullYear() + 1;

  const context = await devices.open('client@summit.demo');
  const page = await context.newPage();
  await signIn(page, 'client@summit.demo');
  await page.goto('/budgets');
  await waitForSync(page);
  await expect(page.getByRole('heading', { name: `${budgets.length} budgets`, exact: true })).toBeVisible();

  // One budget: its actuals, from the bills on this device, are the server's.
  await page.getByLabel('Location').selectOption(seeded.locationId);
  await page.getByLabel('Service').selectOption('electric');
  await expect(page.getByRole('heading', { name: '1 budget', exact: true })).toBeVisible();
  const actual =
    seeded.budgetItems.reduce((sum, item) => sum + Math.round(item.actualSpendAmount * 100), 0) / 100;
  const escaped = siteName(seeded.locationId).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const row = page.getByRole('row', { name: new RegExp(`^${escaped} · Electricity`) });
  await expect(row.getByRole('cell').nth(2)).toHaveText(currency.format(actual));
  await expect(
    page.getByRole('heading', { name: `${siteName(seeded.locationId)} · Electricity`, level: 2 }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Offline: create a budget with the wizard, filled from last year's bills on this device, then edit a month.
  await waitForOfflineShell(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: /^Offline/ })).toBeVisible();
  const sent: string[] = [];
  page.on('request', (sentRequest) => {
    const url = new URL(sentRequest.url());
    if (sentRequest.method() !== 'GET' && url.pathname.includes('/budgets'))
      sent.push(`${sentRequest.method()} ${url.pathname}`);
  });
  await page.getByRole('button', { name: 'New budget' }).click();
  const wizard = page.getByRole('dialog', { name: 'New budget' });
  await wizard.getByLabel('Location').selectOption(target.id);
  await expect(wizard.getByLabel('Unit')).toHaveValue('kWh');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Start year').fill(String(year));
  await wizard.getByLabel('Start month').selectOption('1');
  await wizard.getByLabel('Number of months').fill('12');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('table', { name: 'Planned months' }).getByRole('row')).toHaveCount(13);
  await expectNoAxeViolations(page);
  await wizard.getByLabel('Growth %').fill('5');
  await wizard.getByRole('button', { name: 'Fill from last year' }).click();
  await expect(wizard.getByText(/Filled from last year’s bills on this device/)).toBeVisible();
  await expect(wizard.getByLabel(`Budget spend, Jan ${year}`)).not.toHaveValue('0');
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard).toHaveCount(0);

  const title = `${target.name} · Electricity`;
  const detail = page.getByRole('region', { name: title, exact: true });
  await expect(detail).toBeVisible();
  await expect(detail.getByText('Waiting to sync')).toBeVisible();
  await detail.getByRole('button', { name: 'Edit amounts' }).click();
  await detail.getByLabel(`Budget spend, Jan ${year}`).fill('1234.56');
  await detail.getByRole('button', { name: 'Save amounts' }).click();
  const months = detail.getByRole('table', { name: /month by month$/ });
  await expect(months.getByRole('row', { name: new RegExp(`^Jan ${year}`) })).toContainText('$1,234.56');
  await expect(page.getByRole('button', { name: /2 pending/ })).toBeVisible();

  // Still there after a reload offline (the newest period comes first, so it is the budget shown).
  await page.reload();
  await expect(page.getByRole('region', { name: title, exact: true })).toContainText('$1,234.56');
  expect(sent).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /pending/ })).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByRole('button', { name: /to review/ })).toHaveCount(0);
  const after = await getJson<ServerBudget[]>(request, token, `/api/budgets?locationId=${target.id}`);
  const created = after.find(
    (budget) => budget.startMonth === `${year}-01` && budget.serviceType === 'electric',
  );
  expect(created?.monthCount).toBe(12);
  expect(created?.budgetItems).toHaveLength(12);
  expect(created?.budgetItems[0]?.budgetSpendAmount).toBe(1234.56);
  expect(sent).toEqual(['POST /api/companies/4/budgets', `PUT /api/budgets/${created?.id ?? ''}`]);
  await context.close();
});

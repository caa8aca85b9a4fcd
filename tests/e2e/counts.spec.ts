// One figure everywhere (src/domain/counts.ts): every page that shows a count of one name shows one number, and a
// badge agrees with the page it opens.
import type { Page } from '@playwright/test';
import { expect, test } from './devices';
import { signIn, waitForSync } from './support';

const ADMIN = 'admin@northwind.demo';

test.use({ device: ADMIN });

/** A whole number as a page writes it ("1,204"). */
const whole = (text: string | null): number => Number((text ?? '').replace(/[^\d]/g, ''));

/** The figure of a headline card, by its title. */
async function kpi(page: Page, title: string): Promise<number> {
  const card = page
    .locator('.kpi-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  return whole(await card.locator('.kpi-card__value').textContent());
}

/** A sidebar entry's badge (0 when it shows none). */
async function badge(page: Page, label: string): Promise<number> {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label });
  await expect(link).toBeVisible();
  const shown = link.locator('.sidebar__badge');
  return (await shown.count()) === 0 ? 0 : whole(await shown.textContent());
}

test('open alerts and contracts due are one number on the sidebar, Home and the pages the badges open', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN);
  await waitForSync(page);

  await page.goto('/home');
  await expect(page.locator('.kpi-card').first()).toBeVisible({ timeout: 60_000 });
  const homeOpenAlerts = await kpi(page, 'Open alerts');
  const homeContractsDue = await kpi(page, 'Contracts due');
  expect(homeOpenAlerts).toBeGreaterThan(0);
  // The badges are live queries of their own: they show once theirs answers, then the same number as Home.
  await expect.poll(() => badge(page, 'Alerts')).toBe(homeOpenAlerts);
  await expect.poll(() => badge(page, 'Contracts')).toBe(homeContractsDue);

  // The Alerts page, as the badge opens it: its open alerts are the badge's.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
  const open = page.locator('[data-count="open-alerts"]');
  await expect(open).toBeVisible({ timeout: 60_000 });
  expect(Number(await open.getAttribute('data-value'))).toBe(homeOpenAlerts);

  // A status chip's number is what the Status filter of that name lists.
  const chips = page.getByRole('list', { name: 'Alerts by status' }).getByRole('listitem');
  const closedChip = chips.filter({ hasText: /^Closed \d/ });
  const closed =
    (await closedChip.count()) === 0 ? 0 : whole(await closedChip.locator('strong').textContent());
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Closed' });
  await expect(page.getByRole('heading', { name: /^[\d,]+ alerts?$/ })).toHaveText(
    `${closed.toLocaleString('en-US')} ${closed === 1 ? 'alert' : 'alerts'}`,
  );

  // The Contracts page says the badge's figure in the badge's words.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contracts' }).click();
  const due = page.locator('[data-count="contracts-due"]');
  await expect(due).toBeVisible({ timeout: 60_000 });
  expect(Number(await due.getAttribute('data-value'))).toBe(homeContractsDue);
});

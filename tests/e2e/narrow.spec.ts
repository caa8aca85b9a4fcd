// Every area page fits a phone (390 px): nothing makes the page wider than the screen; wide tables and grids scroll
// inside their own panels. Hidden chart tables and long filter options once widened Bills, Budgets and Contracts.
import { expect, test } from './devices';
import type { Locator, Page } from '@playwright/test';
import { signIn, waitForSync } from './support';

/** A page, and what shows once its data from the device has painted (the figures that once widened it). */
const PAGES: readonly { path: string; ready: (page: Page) => Locator }[] = [
  { path: '/home', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/locations', ready: (page) => page.getByRole('status').filter({ hasText: /\d rows?$/ }) },
  { path: '/accounts', ready: (page) => page.getByRole('status').filter({ hasText: /\d rows?$/ }) },
  { path: '/bills', ready: (page) => page.getByRole('status').filter({ hasText: /\d rows?$/ }) },
  { path: '/alerts', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/contracts', ready: (page) => page.getByRole('status').filter({ hasText: /\d rows?$/ }) },
  { path: '/budgets', ready: (page) => page.getByRole('heading', { name: /^\d[\d,]* budgets$/ }) },
  { path: '/billdeliveries', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/billpay', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/reports', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/opencloseaccounts', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/companyEnergyStar', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/tickets', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/contacts', ready: (page) => page.getByRole('heading', { level: 1 }) },
];

test.use({ device: 'admin@northwind.demo' });

test('every area page of an admin fits a 390 px screen once its data has painted', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, 'admin@northwind.demo');
  await waitForSync(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow: string[] = [];
  for (const { path, ready } of PAGES) {
    await page.goto(path);
    await expect(ready(page).first()).toBeVisible({ timeout: 30_000 });
    const [scrollWidth, innerWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    if ((scrollWidth ?? 0) > (innerWidth ?? 0)) overflow.push(`${path}: ${scrollWidth} px`);
  }
  expect(overflow).toEqual([]);
});

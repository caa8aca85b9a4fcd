import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/src/seed/users';

export { DEMO_PASSWORD };

/** Signs in through the login page as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Waits until the top bar says the company's data is synced (a first sync takes minutes on a loaded machine). */
export async function waitForSync(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^Synced/ })).toBeVisible({ timeout: 150_000 });
}

/** Signs in through the API (for reading what the server says, e.g. company flags). */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { accessToken: string };
  return body.accessToken;
}

/** The visible sidebar labels, in order. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The entries appear once the company record (flags) is known.
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.replace(/\s*\d+$/, '').trim());
}

/** Waits until the service worker controls the page, so the app loads without a network. */
export async function waitForOfflineShell(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

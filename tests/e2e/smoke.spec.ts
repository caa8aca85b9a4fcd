import { expect, test } from '@playwright/test';

test.describe('built app', () => {
  test('loads in Chromium and shows its title', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('GET Energy Portal');
    await expect(page.getByRole('heading', { name: 'GET Energy Portal' })).toBeVisible();
  });
});

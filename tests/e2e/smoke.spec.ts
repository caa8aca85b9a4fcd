import { expect, test } from './devices';

test.describe('built app', () => {
  test('loads in Chromium and shows its title', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('GET Energy Portal');
    // A visitor without a session lands on the sign-in page, branded with the product name.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('GET Energy Portal', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});

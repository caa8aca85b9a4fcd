import { expect, test } from './devices';
import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { apiToken, signIn, waitForOfflineShell, waitForSync } from './support';

/** An account as GET /api/accounts lists it (the fields read here). */
interface ListedAccount {
  id: string;
  accountNumber: string;
  services: string;
  locationState: string;
}

async function accounts(request: APIRequestContext, email: string): Promise<ListedAccount[]> {
  const token = await apiToken(request, email);
  const response = await request.get('/api/accounts', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as ListedAccount[];
}

test.describe('Weather panel of an account (weatherNormalizationAccess)', () => {
  test.setTimeout(240_000);

  test.describe('a company with the flag', () => {
    test.use({ device: 'client@northwind.demo' });

    test('shows the station, the normal year and the model’s state offline, computed in the weather worker', async ({
      page,
      context,
      request,
    }) => {
      const target = (await accounts(request, 'client@northwind.demo')).find(
        (account) => account.locationState === 'IL' && account.services.includes('electric'),
      );
      if (!target) throw new Error('no Illinois electric account in the demo');
      await signIn(page, 'client@northwind.demo');
      await waitForSync(page);
      await waitForOfflineShell(page);
      await context.setOffline(true);

      await page.goto(`/accounts/${target.id}`);
      const panel = page.getByRole('region', { name: 'Weather', exact: true });
      await expect(panel).toBeVisible();
      await expect(panel).toContainText('Chicago Midway International Airport, IL');
      await expect(panel).toContainText('9 mi');
      await expect(panel).toContainText("365 days; the bills' days 0.0 % covered");
      // The bundled KMDW year (FiveThirtyEight us-weather-history/KMDW.csv): Σ max(65 − mean, 0) = 6,084,
      // Σ max(mean − 65, 0) = 992.
      await expect(panel).toContainText('6,084 HDD and 992 CDD at 65 °F');
      // The demo's bills are of the last three years, the bundled temperatures of 2014–15: no model, and it says why.
      await expect(panel.getByRole('region', { name: 'Electricity weather model' })).toContainText(
        'Not fitted',
      );
      expect(page.workers().some((worker) => worker.url().includes('weather'))).toBe(true);
      await expectNoAxeViolations(page);
    });
  });

  test.describe('a company without the flag', () => {
    test.use({ device: 'client@harbor.demo' });

    test('has no Weather panel and starts no weather worker', async ({ page, request }) => {
      const [target] = await accounts(request, 'client@harbor.demo');
      if (!target) throw new Error('Harbor has no accounts');
      await signIn(page, 'client@harbor.demo');
      await waitForSync(page);
      await page.goto(`/accounts/${target.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(target.accountNumber);
      await expect(page.getByRole('region', { name: 'Bills' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Weather' })).toHaveCount(0);
      expect(page.workers().some((worker) => worker.url().includes('weather'))).toBe(false);
    });
  });
});

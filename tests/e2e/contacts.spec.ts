import { expect, test } from './devices';
import { COMPANY_IDS } from '../../server/src/seed/plans';
import { expectNoAxeViolations } from './axe';
import { apiToken, signIn, waitForOfflineShell, waitForSync } from './support';

/** GET /api/company/{id}/profile. */
interface Profile {
  accountManager: string;
  accountManagerPhoneNumber: string;
  accountManagerEmail: string;
  clientManager: string;
  clientManagerEmail: string;
}

test.describe('contacts', () => {
  test.setTimeout(240_000);

  test('as clients: the account team without the users list, and Harbor’s ENERGY STAR pages guarded', async ({
    page,
    problems,
  }) => {
    // The test logs out and signs in as a second client on the same page: the first one's calls still in flight (its
    // session refresh, a feed page of its sync) may answer 401.
    problems.expect(/^POST \S+\/api\/refresh → 401$/);
    problems.expect(/^GET \S+\/api\/sync\/\d+\/changes\S* → 401$/);
    await signIn(page, 'client@northwind.demo');
    await page.goto('/contacts');
    await expect(page.getByRole('article', { name: 'Account manager' })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByRole('table', { name: 'Users of the company' })).toHaveCount(0);
    await expect(page.getByText('admin@northwind.demo')).toHaveCount(0);

    // Logging out ends by loading the sign-in page afresh once the session and the device's copy are gone (the
    // form shows before that load: signing in again before it would be cut off by it).
    await Promise.all([
      page.waitForEvent('load', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Log out' }).click(),
    ]);
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 60_000 });
    await signIn(page, 'client@harbor.demo');
    await page.goto('/contacts');
    await expect(page.getByRole('article', { name: 'Account manager' })).toBeVisible({ timeout: 120_000 });
    await page.goto('/companyEnergyStar');
    await expect(page).toHaveURL(/\/locations$/);
  });
});

test.describe('contacts of an admin, offline', () => {
  test.setTimeout(240_000);
  test.use({ device: 'admin@northwind.demo' });

  test('as an admin: the top bar opens Contacts offline, with call and mail links and the company’s users', async ({
    page,
    context,
    request,
  }) => {
    const token = await apiToken(request, 'admin@northwind.demo');
    const response = await request.get(`/api/company/${COMPANY_IDS.northwind}/profile`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const profile = (await response.json()) as Profile;

    await signIn(page, 'admin@northwind.demo');
    await page.goto('/locations');
    await waitForSync(page);
    await waitForOfflineShell(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: /^Offline/ })).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Contacts' }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    const manager = page.getByRole('article', { name: 'Account manager' });
    await expect(manager).toContainText(profile.accountManager);
    await expect(manager.getByRole('link', { name: profile.accountManagerPhoneNumber })).toHaveAttribute(
      'href',
      `tel:+1${profile.accountManagerPhoneNumber.replace(/\D/g, '')}`,
    );
    await expect(manager.getByRole('link', { name: profile.accountManagerEmail })).toHaveAttribute(
      'href',
      `mailto:${profile.accountManagerEmail}`,
    );
    await expect(page.getByRole('article', { name: 'Client manager' })).toContainText(profile.clientManager);
    await expect(page.getByRole('link', { name: 'support@getenergy.example' })).toHaveAttribute(
      'href',
      /^mailto:support@getenergy\.example\?subject=/,
    );
    const users = page.getByRole('table', { name: 'Users of the company' });
    await expect(users.getByRole('row', { name: /client@northwind\.demo/ })).toContainText('Client');
    await expect(users.getByRole('link', { name: 'admin@northwind.demo' })).toHaveAttribute(
      'href',
      'mailto:admin@northwind.demo',
    );
    await expect(users.getByRole('row', { name: /admin@northwind\.demo/ })).toContainText('Admin, Client');
    await expectNoAxeViolations(page);
    await context.setOffline(false);
  });
});

import { expect, test } from './devices';
import { TOTP } from 'otpauth';
import { sidebarEntries } from '../../src/domain/nav';
import type { NavCompany } from '../../src/domain/nav';
import { parseRoles } from '../../src/domain/roles';
import { COMPANY_IDS } from '../../server/src/seed/plans';
import { DEMO_MFA_SECRET } from '../../server/src/seed/users';
import { expectNoAxeViolations } from './axe';
import { apiToken, sidebarLabels, signIn } from './support';

const NOT_FOUND_TEXT = 'Error: 404 The page you requested could not be found.';

/** Demo users and where their sidebar is checked: clients on /home, consultants inside Northwind. */
const USERS = [
  { email: 'super@get.demo', roles: ['Super Consultant'], companyId: COMPANY_IDS.northwind },
  { email: 'consultant@get.demo', roles: ['Consultant'], companyId: COMPANY_IDS.northwind },
  { email: 'admin@northwind.demo', roles: ['Client', 'Admin'], companyId: COMPANY_IDS.northwind },
  { email: 'client@northwind.demo', roles: ['Client'], companyId: COMPANY_IDS.northwind },
  { email: 'limited@northwind.demo', roles: ['Limited Client'], companyId: COMPANY_IDS.northwind },
  { email: 'client@harbor.demo', roles: ['Client'], companyId: COMPANY_IDS.harbor },
  { email: 'client@summit.demo', roles: ['Client'], companyId: COMPANY_IDS.summit },
] as const;

test.describe('sidebar by role and company', () => {
  for (const user of USERS) {
    test(`shows the entries of ${user.email}`, async ({ page, request }) => {
      const token = await apiToken(request, user.email);
      const companyResponse = await request.get(`/api/companies/${user.companyId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(companyResponse.status()).toBe(200);
      const company = (await companyResponse.json()) as NavCompany;
      const roles = parseRoles([...user.roles]);
      const expected = sidebarEntries({ roles, company }).map((entry) => entry.label);

      await signIn(page, user.email);
      if (roles.isConsultant) {
        await expect(page).toHaveURL(/\/consultant$/);
        await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
        await page.goto(`/companies/${user.companyId}/locations`);
      } else {
        await expect(page).toHaveURL(/\/home$/);
      }
      expect(await sidebarLabels(page)).toEqual(expected);
    });
  }
});

test.describe('route guards', () => {
  test('a limited client opening /contracts lands on /locations', async ({ page }) => {
    await signIn(page, 'limited@northwind.demo');
    await page.goto('/contracts');
    await expect(page).toHaveURL(/\/locations$/);
  });

  test('a limited client opening /consultant lands on their own home, asking nothing of the consultant calls', async ({
    page,
  }) => {
    // The problems watch fails the test on a refused /api/consultant or /api/companies/{id}.
    await signIn(page, 'limited@northwind.demo');
    await page.goto('/consultant');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Your clients could not be loaded')).toHaveCount(0);
  });

  test('a client without AP access opening /billdeliveries lands on /locations', async ({ page }) => {
    await signIn(page, 'client@summit.demo');
    await page.goto('/billdeliveries');
    await expect(page).toHaveURL(/\/locations$/);
  });

  test('a consultant who is not super is sent away from the Users page', async ({ page }) => {
    await signIn(page, 'consultant@get.demo');
    await page.goto(`/companies/${COMPANY_IDS.northwind}/users`);
    await expect(page).toHaveURL(new RegExp(`/companies/${COMPANY_IDS.northwind}/locations$`));
  });

  test('a client allowed on alerts gets the read-only page', async ({ page }) => {
    await signIn(page, 'client@northwind.demo');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
    await expect(page).toHaveURL(/\/alertsro$/);
  });

  test("the home page's contracts and alerts cards follow the area rules", async ({ page }) => {
    await signIn(page, 'limited@northwind.demo');
    await expect(page.getByText('Total spend')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Contracts due' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Open alerts' })).toHaveCount(0);
  });

  test('a consultant opening a company not granted to them sees the 404 page', async ({ page, problems }) => {
    // The company's record is how the device learns it is not this user's; its feed is then not asked.
    problems.expect(new RegExp(`^GET \\S+/api/companies/${COMPANY_IDS.cedar} → 404$`));
    await signIn(page, 'consultant@get.demo');
    await page.goto(`/companies/${COMPANY_IDS.cedar}/locations`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_TEXT);
  });

  test('a signed-out visitor is sent to /login and comes back after signing in', async ({ page }) => {
    await page.goto('/accounts');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill('client@northwind.demo');
    await page.getByLabel('Password').fill('Demo@2026!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/accounts$/);
  });
});

test.describe('pages and session', () => {
  test('an unknown path shows the 404 page with a Home button to the landing', async ({ page }) => {
    await signIn(page, 'client@northwind.demo');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_TEXT);
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('signs in with the two-factor step', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('mfa@northwind.demo');
    await page.getByLabel('Password').fill('Demo@2026!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = new TOTP({ secret: DEMO_MFA_SECRET, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('logs out and reloads to the login page', async ({ page, problems }) => {
    // Logout revokes the session at once (docs §5); a company read, a feed page or a session refresh still in flight
    // as the page reloads gets 401.
    problems.expect(/^GET \S+\/api\/companies\/\d+ → 401$/);
    problems.expect(/^GET \S+\/api\/sync\/\d+\/changes\S* → 401$/);
    problems.expect(/^POST \S+\/api\/refresh → 401$/);
    await signIn(page, 'client@northwind.demo');
    // Logout reloads the page (spec): wait for that load before navigating again.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Log out' }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('refreshes the session before a call once the 9 minutes have passed', async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'consultant@get.demo');
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/refresh')) refreshes.push(response.status());
    });
    // The client list is on screen before time passes, as it is for a person who comes back later.
    await expect(page.getByRole('link', { name: 'Open Northwind Retail' })).toBeVisible();
    await page.clock.fastForward('10:00');
    // A navigation inside the app (no reload): the expired session refreshes before the next call.
    await page.getByRole('link', { name: 'Open Northwind Retail' }).click();
    await expect(page).toHaveURL(new RegExp(`/companies/${COMPANY_IDS.northwind}/locations$`));
    await expect.poll(() => refreshes).toContain(200);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('the dark theme is the default and the light choice persists', async ({ page }) => {
    await signIn(page, 'client@northwind.demo');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Theme settings' }).click();
    await page.getByRole('switch', { name: 'Dark mode' }).uncheck();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('accessibility', () => {
  const pages = [
    { name: 'login', path: '/login', user: null },
    { name: 'forgot password', path: '/forgotpassword', user: null },
    { name: 'home', path: '/home', user: 'client@northwind.demo' },
    { name: 'consultant landing', path: '/consultant', user: 'consultant@get.demo' },
    { name: '404', path: '/not-a-page', user: 'client@northwind.demo' },
  ];
  for (const target of pages) {
    test(`has no serious or critical axe violations on ${target.name}`, async ({ page }) => {
      if (target.user) await signIn(page, target.user);
      await page.goto(target.path);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    });
  }
});

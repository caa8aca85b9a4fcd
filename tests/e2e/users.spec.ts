import { expect, test } from './devices';
import type { APIRequestContext, Page } from '@playwright/test';
import { COMPANY_IDS } from '../../server/src/seed/plans';
import { DEMO_USERS } from '../../server/src/seed/users';
import { expectNoAxeViolations } from './axe';
import { apiToken, sidebarLabels, signIn } from './support';

function userId(email: string): number {
  const user = DEMO_USERS.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`no demo user ${email}`);
  return user.id;
}

async function openUsers(page: Page): Promise<void> {
  await signIn(page, 'super@get.demo');
  await page.goto(`/companies/${COMPANY_IDS.harbor}/users`);
  // The company record comes first (the worker fetches it for a consultant's first visit): slow on a loaded machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible({ timeout: 60_000 });
}

/** Puts a flag back as the seed had it, so later specs see the demo data. */
async function setHarborSupport(request: APIRequestContext, token: string, value: boolean): Promise<void> {
  const response = await request.put('/api/companies/setCompanyAccess', {
    headers: { Authorization: `Bearer ${token}` },
    data: { companyId: COMPANY_IDS.harbor, companyHasSupportAccess: value },
  });
  expect(response.status()).toBe(200);
}

test.describe('users, consultant access and invitations', () => {
  test.setTimeout(240_000);

  test('the super consultant grants a consultant a company, which the consultant then opens and syncs', async ({
    page,
    browser,
    request,
    problems,
  }) => {
    const superToken = await apiToken(request, 'super@get.demo');
    await openUsers(page);
    const row = page.getByRole('row').filter({ hasText: 'consultant@get.demo' });
    await row.getByRole('button', { name: /companies$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Company access of/ });
    await expect(dialog.getByText('Northwind Retail')).toBeVisible();
    await dialog.getByLabel('Company to grant').selectOption({ label: 'Cedar Schools' });
    await dialog.getByRole('button', { name: 'Grant access' }).click();
    await expect(dialog.getByText('Cedar Schools', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('region', { name: 'Recent changes' })).toContainText(
      'Granted access to Cedar Schools',
    );

    try {
      const consultant = await browser.newContext();
      problems.watch(consultant);
      const consultantPage = await consultant.newPage();
      await signIn(consultantPage, 'consultant@get.demo');
      await expect(consultantPage.getByRole('link', { name: 'Open Cedar Schools', exact: true })).toBeVisible(
        {
          timeout: 30_000,
        },
      );
      await consultantPage.goto(`/companies/${COMPANY_IDS.cedar}/locations`);
      await expect(consultantPage.getByRole('button', { name: /^Synced/ })).toBeVisible({ timeout: 120_000 });
      await consultant.close();
    } finally {
      await request.delete(
        `/api/users/${userId('consultant@get.demo')}/deleteConsultantCompanyAccess?companyId=${COMPANY_IDS.cedar}`,
        { headers: { Authorization: `Bearer ${superToken}` } },
      );
    }
  });

  test('a company access flag set on the Users page reaches that company’s sidebar at its next sync', async ({
    page,
    browser,
    request,
    problems,
  }) => {
    // A changed flag changes the feed's audience: the devices' cursors answer 410 and they pull afresh (docs §4).
    problems.expect(/^GET \S+\/api\/sync\/\d+\/changes\?\S+ → 410$/);
    const superToken = await apiToken(request, 'super@get.demo');
    const client = await browser.newContext();
    problems.watch(client);
    const clientPage = await client.newPage();
    await signIn(clientPage, 'client@harbor.demo');
    expect(await sidebarLabels(clientPage)).not.toContain('Company Support');
    try {
      await openUsers(page);
      const flags = page.getByRole('region', { name: /^Company access: Harbor Foods/ });
      await flags.getByLabel('Company Support').check();
      await flags.getByRole('button', { name: 'Save company access' }).click();
      await expect(page.getByRole('region', { name: 'Recent changes' })).toContainText(
        'Company access: Company Support on',
      );
      // A reload starts a sync, which brings the company record with its new flag.
      await clientPage.reload();
      await expect(
        clientPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company Support' }),
      ).toBeVisible({
        timeout: 60_000,
      });
    } finally {
      await setHarborSupport(request, superToken, false);
      await client.close();
    }
  });

  test('an invitation is sent, listed, accepted with the spec’s password rule, and then used up', async ({
    page,
    browser,
    request,
    problems,
  }) => {
    // The used-up invitation answers 410: the end of what this test proves.
    problems.expect(/^GET \S+\/api\/register\/\S+ → 410$/);
    const email = `new.buyer.${Date.now() % 100_000}@northwind.demo`;
    await signIn(page, 'admin@northwind.demo');
    await page.goto('/inviteuser');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First name').fill('Noor');
    await page.getByLabel('Last name').fill('Buyer');
    await expect(page.getByLabel('Role')).not.toContainText('Consultant');
    await page.getByLabel('Role').selectOption('Client');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('dialog', { name: 'Invitation sent' })).toBeVisible();
    const pendingRow = page.getByRole('row').filter({ hasText: email });
    await expect(pendingRow).toContainText('Client');

    // The link of the mail is /register/{id}; the pending list names the same id.
    const token = await apiToken(request, 'admin@northwind.demo');
    const pending = (await (
      await request.get('/api/invites', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { id: string; email: string }[];
    const invite = pending.find((row) => row.email === email);
    expect(invite).toBeDefined();

    const guest = await browser.newContext();

    problems.watch(guest);
    const guestPage = await guest.newPage();
    await guestPage.goto(`/register/${invite?.id}`);
    await expect(guestPage.getByText(email)).toBeVisible();
    await expectNoAxeViolations(guestPage);
    const [password, confirm] = [
      guestPage.locator('input[autocomplete="new-password"]').nth(0),
      guestPage.locator('input[autocomplete="new-password"]').nth(1),
    ];
    // The spec's password rule: 8 to 15 characters with a letter, a digit and a special character.
    await password.fill('short1!');
    await confirm.fill('short1!');
    await guestPage.getByRole('button', { name: 'Create account' }).click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(guestPage);
    await password.fill('Welcome@2026');
    await confirm.fill('Welcome@2026');
    await guestPage.getByRole('button', { name: 'Create account' }).click();
    await expect(guestPage.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
    await signIn(guestPage, email, 'Welcome@2026');
    await guestPage.goto(`/register/${invite?.id}`);
    await expect(guestPage.getByText('This invitation has already been used')).toBeVisible();
    await guest.close();

    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  });

  test('the Users and Invite User pages pass axe', async ({ page }) => {
    await openUsers(page);
    await expectNoAxeViolations(page);
    await page.goto(`/companies/${COMPANY_IDS.northwind}/inviteuser`);
    await expect(page.getByRole('region', { name: /Pending invitations/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

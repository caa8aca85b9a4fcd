import { expect, test } from './devices';
import type { Page } from '@playwright/test';
import { COMPANY_IDS } from '../../server/src/seed/plans';
import { signIn, waitForOfflineShell, waitForSync } from './support';

test.describe('offline-first sync', () => {
  test.setTimeout(240_000);

  test('syncs on sign-in, then opens offline after a reload with the local data', async ({
    page,
    context,
  }) => {
    await signIn(page, 'client@northwind.demo');
    await waitForSync(page);
    const total = await page.getByText('Total spend').locator('..').locator('.kpi-card__value').innerText();
    expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);

    // Ready offline only once the app's files are saved too: then the top bar drops "saving app" and the panel says so.
    await waitForOfflineShell(page);
    const status = page.getByRole('button', { name: /^Synced/ });
    await expect(status).not.toContainText('saving app');
    await status.click();
    const panel = page.getByRole('dialog', { name: 'Sync' });
    await expect(
      panel.getByText('The app is saved on this device and opens without a network.'),
    ).toBeVisible();
    await expect(panel.getByRole('cell', { name: 'Up to date · ready offline' })).toBeVisible();
    await page.keyboard.press('Escape');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: /^Offline/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Northwind Retail' })).toBeVisible();
    await expect(page.getByText('Total spend').locator('..').locator('.kpi-card__value')).toHaveText(total);
    await context.setOffline(false);
  });

  test('two tabs elect one leader, and closing it hands over', async ({ context }) => {
    const first = await context.newPage();
    await signIn(first, 'client@harbor.demo');
    await waitForSync(first);
    const second = await context.newPage();
    await second.goto('/home');
    await expect(second.getByRole('heading', { name: 'Harbor Foods' })).toBeVisible();

    const leaderOf = (page: Page) =>
      page.evaluate(async () => {
        const state = await navigator.locks.query();
        return state.held?.map((lock) => lock.name ?? '') ?? [];
      });
    // One lock holder for the user across both tabs, and one waiter.
    const held = await leaderOf(second);
    expect(held.filter((name) => name.startsWith('get-sync-leader-u'))).toHaveLength(1);
    const pending = await second.evaluate(
      async () => (await navigator.locks.query()).pending?.map((lock) => lock.name ?? '') ?? [],
    );
    expect(pending.filter((name) => name.startsWith('get-sync-leader-u'))).toHaveLength(1);

    await first.close();
    await expect
      .poll(
        async () => await second.evaluate(async () => (await navigator.locks.query()).pending?.length ?? 0),
        { timeout: 10_000 },
      )
      .toBe(0);
    const heldAfter = await leaderOf(second);
    expect(heldAfter.filter((name) => name.startsWith('get-sync-leader-u'))).toHaveLength(1);
    // The new leader syncs: Sync now from the panel completes.
    await second.getByRole('button', { name: /^Synced|^Not synced/ }).click();
    await second
      .getByRole('dialog', { name: 'Sync' })
      .getByRole('button', { name: 'Sync now', exact: true })
      .click();
    await expect(
      second.getByRole('dialog', { name: 'Sync' }).getByRole('row', { name: /Harbor Foods/ }),
    ).toContainText(/just now/);
  });

  test('a consultant keeps two companies offline: their cards show the server’s figures, computed on the device, and both open offline', async ({
    page,
    context,
  }) => {
    await signIn(page, 'consultant@get.demo');
    await expect(page).toHaveURL(/\/consultant$/);
    const card = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    /** What a card shows of its figures: 12-month spend, top services, counts. */
    const figuresOf = async (name: string) => {
      const counts = card(name).getByText(/ locations · .* accounts · /);
      await expect(counts).toBeVisible({ timeout: 60_000 });
      return {
        spend: await card(name)
          .getByText(/^\$[\d,.]+ latest 12 months$/)
          .innerText(),
        services: await card(name).getByRole('list', { name: 'Spend by service' }).innerText(),
        counts: await counts.innerText(),
      };
    };
    // Not kept on the device yet: the figures are the server's answer.
    const fromServer = {
      harbor: await figuresOf('Harbor Foods'),
      summit: await figuresOf('Summit Health'),
    };
    expect(fromServer.harbor.spend).toMatch(/^\$[\d,]+\.\d{2} latest 12 months$/);

    for (const name of ['Harbor Foods', 'Summit Health']) {
      await page.getByRole('button', { name: `Make available offline: ${name}` }).click();
    }
    for (const name of ['Harbor Foods', 'Summit Health']) {
      await expect(card(name).getByText(/Available offline · synced/)).toBeVisible({ timeout: 120_000 });
    }
    // Kept on the device: the same figures, now from the local database.
    expect(await figuresOf('Harbor Foods')).toEqual(fromServer.harbor);
    expect(await figuresOf('Summit Health')).toEqual(fromServer.summit);

    await waitForOfflineShell(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('You are offline. These are the clients kept on this device.')).toBeVisible();
    await expect(card('Harbor Foods')).toBeVisible();
    await expect(card('Summit Health')).toBeVisible();
    expect(await figuresOf('Harbor Foods')).toEqual(fromServer.harbor);
    expect(await figuresOf('Summit Health')).toEqual(fromServer.summit);
    for (const [name, id] of [
      ['Harbor Foods', COMPANY_IDS.harbor],
      ['Summit Health', COMPANY_IDS.summit],
    ] as const) {
      await page.goto('/consultant');
      await card(name)
        .getByRole('link', { name: `Open ${name}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/companies/${id}/locations$`));
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(name);
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }),
      ).toBeVisible();
    }
    // A client never opened on this device has no record here, and none can be fetched offline.
    await page.goto(`/companies/${COMPANY_IDS.northwind}/locations`);
    await expect(page.getByText('This company is not available offline yet.')).toBeVisible();
    await context.setOffline(false);
  });
});

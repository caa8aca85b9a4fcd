// GET AI in the browser (issue 17): the window for a consultant, its sanitization, a report generated and
// downloaded, navigation, and the same report asked for offline.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { COMPANY_IDS } from '../../server/src/seed/plans';
import { expectNoAxeViolations } from './axe';
import { signIn, waitForOfflineShell } from './support';

const CONSULTANT = 'consultant@get.demo';
const NORTHWIND = COMPANY_IDS.northwind;
const SHOTS = process.env.GETAI_SHOTS;

const panel = (page: Page) => page.getByRole('dialog', { name: 'GET AI' });
const input = (page: Page) => panel(page).getByRole('textbox', { name: 'Message' });

async function ask(page: Page, text: string): Promise<void> {
  await expect(input(page)).toBeEnabled({ timeout: 60_000 });
  await input(page).fill(text);
  await input(page).press('Enter');
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const [theme, width, height] of [
    ['dark', 1440, 900],
    ['light', 1440, 900],
    ['dark', 390, 844],
    ['light', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
}

test.describe('GET AI', () => {
  test.setTimeout(300_000);

  test('a consultant chats: sanitized messages, navigation, a report downloaded online and offline', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      bypassCSP: true,
      acceptDownloads: true,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await signIn(page, CONSULTANT);
    // Not on the consultant landing (spec 000 §6).
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'GET AI' })).toHaveCount(0);

    await page.goto(`/companies/${NORTHWIND}/locations`);
    await expect(page.getByRole('button', { name: /^Synced/ })).toBeVisible({ timeout: 120_000 });

    // A stored bot message with an event handler renders inert (spec 000 §5), and the stored chat is reused.
    await page.evaluate((companyId) => {
      localStorage.setItem(
        'getai.chat',
        JSON.stringify({
          companyId,
          sessionId: null,
          messages: [
            {
              agent: 'bot',
              type: 'text',
              text: 'Hello <img src="x" onerror="window.__pwned = 1"> **bold** <script>window.__pwned = 2</script>',
            },
          ],
        }),
      );
    }, NORTHWIND);
    await page.reload();
    await page.getByRole('button', { name: 'GET AI' }).click();
    const first = panel(page).getByRole('listitem').first();
    await expect(first.locator('strong')).toHaveText('bold');
    await expect(first.locator('img')).toHaveCount(1);
    expect(await first.locator('img').getAttribute('onerror')).toBeNull();
    await expect(first.locator('script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // Restart: a new session greets with the company; the placeholder is the spec's.
    await panel(page).getByRole('button', { name: 'Restart chat' }).click();
    await expect(panel(page).getByText('Hi, I am GET AI.')).toBeVisible({ timeout: 60_000 });
    await expect(input(page)).toHaveAttribute('placeholder', 'Message Get AI');
    await expectNoAxeViolations(page);

    // Shift+Enter is a new line (the textarea grows), Enter sends; blank is not sent.
    await input(page).fill('   ');
    await input(page).press('Enter');
    await expect(panel(page).locator('.getai__message--user')).toHaveCount(0);
    await input(page).fill('show accounts');
    await input(page).press('Shift+Enter');
    await expect(input(page)).toHaveAttribute('rows', '2');
    await input(page).press('Backspace');

    // Navigation opens the page.
    await input(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/companies/${NORTHWIND}/accounts`));

    // A report: planned by the server, run on the device, downloaded as .xlsx; the option is then done.
    await ask(page, 'spend by service for the last 12 months');
    const generate = panel(page).getByRole('button', { name: 'Generate' }).last();
    await expect(generate).toBeEnabled({ timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      generate.click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Charges by Month Report.*\.xlsx$/);
    await expect(panel(page).getByText('Generating Charges by Month Report!')).toBeVisible();
    await expect(generate).toBeDisabled();
    await shoot(page, 'getai-online');

    // Escape minimizes and gives focus back to the launcher.
    await input(page).press('Escape');
    await expect(panel(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'GET AI' })).toBeFocused();

    // Offline: the same report, planned and run on the device; a figure says when the data was synced.
    await waitForOfflineShell(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'GET AI' }).click();
    await expect(panel(page).getByText('You are offline')).toBeVisible();
    await ask(page, 'spend by service for the last 12 months');
    const offlineGenerate = panel(page).getByRole('button', { name: 'Generate' }).last();
    await expect(offlineGenerate).toBeEnabled({ timeout: 60_000 });
    const [offlineDownload] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      offlineGenerate.click(),
    ]);
    expect(offlineDownload.suggestedFilename()).toMatch(/^Charges by Month Report.*\.xlsx$/);
    await ask(page, 'How much did we spend last year?');
    await expect(panel(page).getByText(/Answered from data synced at/)).toBeVisible({ timeout: 60_000 });
    await shoot(page, 'getai-offline');
    await context.close();
  });
});

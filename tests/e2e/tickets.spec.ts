import { expect, test } from './devices';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { apiToken, signIn, waitForOfflineShell, waitForSync } from './support';

interface ServerTicket {
  id: string;
  jiraIssueId: string;
  ticketDescription: string;
}

interface ServerDetails extends ServerTicket {
  attachments: { fileName: string; size: number }[];
}

async function serverTickets(request: APIRequestContext, token: string): Promise<ServerTicket[]> {
  const response = await request.get('/api/company_support/ticket', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ServerTicket[];
}

/** Opens the ticket list once the company's data is on the device. */
async function openTickets(page: Page): Promise<void> {
  await signIn(page, 'client@northwind.demo');
  await page.goto('/tickets');
  await waitForSync(page);
  await expect(page.getByRole('rowheader', { name: /^GET-\d+$/ }).first()).toBeVisible({ timeout: 60_000 });
}

test.describe('support tickets', () => {
  test.setTimeout(240_000);
  test.use({ device: 'client@northwind.demo' });

  test('a ticket with an attachment written offline waits on the device, then is created once', async ({
    page,
    context,
    request,
  }) => {
    const token = await apiToken(request, 'client@northwind.demo');
    const description = `Offline ticket ${Date.now() % 100_000}: the meter read looks wrong`;
    await openTickets(page);
    // The top bar's headset opens the tickets.
    await page.goto('/locations');
    await page.locator('header.topbar').getByRole('link', { name: 'Company support' }).click();
    await expect(page).toHaveURL(/\/tickets$/);
    await waitForOfflineShell(page);
    await context.setOffline(true);

    await page.getByRole('button', { name: 'New ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'New support ticket' });
    await expect(dialog.getByRole('note')).toContainText('You are offline');
    await dialog.getByLabel('Request type').selectOption({ label: 'Billing Question' });
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByLabel('Requested by').fill('Dana Facilities');
    // The document file rules: a disguised file is refused and queues nothing.
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'bill.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html><body>not a pdf</body></html>'),
    });
    await expect(dialog.getByRole('alert')).toContainText('bill.pdf is not one of the allowed types');
    const bytes = Buffer.from('%PDF-1.4\n% the bill\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'March bill.pdf', mimeType: 'application/pdf', buffer: bytes });
    await expect(dialog.getByRole('list', { name: 'Files to attach' })).toContainText('March bill.pdf');
    await dialog.getByRole('button', { name: 'Create ticket' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: description.slice(0, 40) });
    await expect(row).toContainText('Waiting to sync');
    await expect(row.getByRole('rowheader')).toHaveText('New ticket');
    await row.getByRole('link', { name: 'New ticket' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('New ticket');
    await expect(page.getByText('March bill.pdf')).toBeVisible();
    await page.getByRole('link', { name: 'All tickets' }).click();

    await context.setOffline(false);
    await expect(page.getByRole('dialog', { name: 'Ticket Created' })).toContainText(
      'Your support ticket has been successfully created!',
      { timeout: 60_000 },
    );
    await expect(row.getByRole('rowheader')).toHaveText(/^GET-\d+$/);
    await expect(page.getByRole('button', { name: /pending/ })).toHaveCount(0, { timeout: 60_000 });

    const created = (await serverTickets(request, token)).filter(
      (ticket) => ticket.ticketDescription === description,
    );
    expect(created).toHaveLength(1);
    const details = await request.get(`/api/company_support/ticket/${created[0]?.jiraIssueId}/details`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await details.json()) as ServerDetails).attachments).toEqual([
      expect.objectContaining({ fileName: 'March bill.pdf', size: bytes.length }),
    ]);
  });

  test('a ticket’s page shows its details and takes a comment; both pages pass axe', async ({ page }) => {
    await openTickets(page);
    await expectNoAxeViolations(page);
    const first = page.getByRole('rowheader', { name: /^GET-\d+$/ }).first();
    const id = (await first.textContent()) ?? '';
    await first.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/tickets/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(id);
    await expect(page.getByText('Request type', { exact: true })).toBeVisible();
    const comment = `Any update? ${Date.now() % 100_000}`;
    await page.getByLabel('Add a comment').fill(comment);
    await page.getByRole('button', { name: 'Add comment' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: comment })).toContainText('You');
    await expect(page.getByRole('listitem').filter({ hasText: comment })).not.toContainText(
      'Waiting to sync',
      {
        timeout: 60_000,
      },
    );
    await expectNoAxeViolations(page);
  });
});

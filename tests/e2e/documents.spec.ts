import { readFileSync } from 'node:fs';
import { expect, test } from './devices';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { apiToken, signIn, waitForOfflineShell, waitForSync } from './support';

interface ServerDocument {
  id: string;
  fileName: string;
  size: number;
  sha256: string;
  documentType: string;
}

async function serverDocuments(request: APIRequestContext, token: string): Promise<ServerDocument[]> {
  const response = await request.get('/api/contracts/company_documents', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ServerDocument[];
}

/** Opens the documents panel once the company's data is on the device. */
async function openDocuments(page: Page): Promise<void> {
  await signIn(page, 'client@northwind.demo');
  await page.goto('/contracts');
  await waitForSync(page);
  await expect(page.getByRole('rowheader', { name: /Letter of Authorization\.pdf/ })).toBeVisible({
    timeout: 60_000,
  });
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });
}

test.describe('company documents', () => {
  test.setTimeout(240_000);
  test.use({ device: 'client@northwind.demo' });

  test('an upload made offline waits on the device, then reaches the server once and is listed from it', async ({
    page,
    context,
    request,
  }) => {
    const token = await apiToken(request, 'client@northwind.demo');
    const fileName = `Offline upload ${Date.now() % 100_000}.pdf`;
    const bytes = Buffer.from(`%PDF-1.4\n% made offline\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n`);
    await openDocuments(page);
    await waitForOfflineShell(page);
    await context.setOffline(true);

    // A file the checks refuse says why and queues nothing.
    await page.locator('input[type=file]').setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html><body>not a pdf</body></html>'),
    });
    await expect(page.getByRole('alert')).toContainText('invoice.pdf is not one of the allowed types');

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: bytes });
    const dialog = page.getByRole('dialog', { name: 'Upload document' });
    await expect(dialog.getByRole('note')).toContainText('You are offline');
    await dialog.getByLabel('Document type').selectOption('Invoice');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, fileName)).toContainText('Waiting to sync');
    await expect(page.getByRole('button', { name: /1 pending/ })).toBeVisible();
    // Still queued after a reload offline: the file waits in IndexedDB beside its entry.
    await page.reload();
    await expect(row(page, fileName)).toContainText('Waiting to sync');

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /pending/ })).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByRole('button', { name: /to review/ })).toHaveCount(0);
    await expect(row(page, fileName)).not.toContainText('Waiting to sync');
    await expect(row(page, fileName)).toContainText('Invoice');

    const uploaded = (await serverDocuments(request, token)).filter(
      (document) => document.fileName === fileName,
    );
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0]).toMatchObject({ size: bytes.length, documentType: 'Invoice' });
  });

  test('a document opened once opens offline; one never opened says it needs a network', async ({
    page,
    context,
  }) => {
    await openDocuments(page);
    await waitForOfflineShell(page);
    const letter = row(page, 'Letter of Authorization\\.pdf');
    const first = page.waitForEvent('download');
    await letter.getByRole('button', { name: /^Download/ }).click();
    const online = await first;
    expect(online.suggestedFilename()).toBe('Letter of Authorization.pdf');
    expect(
      readFileSync(await online.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expect(letter).toContainText('On this device');

    await context.setOffline(true);
    await page.reload();
    const second = page.waitForEvent('download');
    await row(page, 'Letter of Authorization\\.pdf')
      .getByRole('button', { name: /^Download/ })
      .click();
    const offline = await second;
    expect(readFileSync(await offline.path()).equals(readFileSync(await online.path()))).toBe(true);

    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await row(page, 'Utility Contacts\\.csv')
      .getByRole('button', { name: /^Download/ })
      .click();
    await expect(page.getByText('This document needs a network connection')).toBeVisible();
    expect(downloads).toBe(0);
    await context.setOffline(false);
  });

  test('has no serious or critical axe violations', async ({ page }) => {
    await openDocuments(page);
    await expectNoAxeViolations(page);
  });
});

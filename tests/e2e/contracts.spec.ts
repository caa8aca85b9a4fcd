import { expect, test } from './devices';
import type { APIRequestContext, Page } from '@playwright/test';
import { contractExpiry, contractsDueBadge } from '../../src/domain/contracts';
import { addDaysIso } from '../../src/domain/contractForm';
import { expectNoAxeViolations } from './axe';
import { apiToken, signIn, waitForOfflineShell, waitForSync } from './support';

/** A contract as GET /api/contracts answers it (the fields read here). */
interface ServerContract {
  id: string;
  vendorName: string;
  endDate: string;
  isExtended: boolean;
  isViewed: boolean;
  associatedContractId: string | null;
}

const PDF = Buffer.from('%PDF-1.4\n% a renewal\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

const STATUSES = ['Expired', '< 30 Days Remaining', '< 90 Days Remaining', '< 180 Days Remaining', 'Active'];

async function serverContracts(request: APIRequestContext, email: string): Promise<ServerContract[]> {
  const token = await apiToken(request, email);
  const response = await request.get('/api/contracts', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as ServerContract[];
}

/** The first day of this month, as the demo data is seeded (server/src/seed/demo.ts SEED_AS_OF). */
function seedDay(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
}

/** Noon of a day in the browser's time zone, for page.clock. */
function noon(day: string): Date {
  return new Date(`${day}T12:00:00`);
}

/** The status summary's count per status, as the page shows it. */
async function shownCounts(page: Page): Promise<Record<string, number>> {
  const group = page.getByRole('group', { name: 'Contracts by status' });
  const counts: Record<string, number> = {};
  for (const status of STATUSES) {
    const text = await group
      .getByRole('button', { name: new RegExp(`^${status.replace(/[<()]/g, '\\$&')} \\d+$`) })
      .innerText();
    counts[status] = Number(text.replace(status, '').trim());
  }
  return counts;
}

function expectedCounts(contracts: readonly ServerContract[], today: string): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(STATUSES.map((status) => [status, 0]));
  for (const contract of contracts) {
    const { status } = contractExpiry(contract, today);
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

/** The sidebar's Contracts link; its badge (admins) is described by the badge's tooltip. */
function contractsLink(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Contracts/ });
}

async function openContracts(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.goto('/contracts');
  await waitForSync(page);
  await expect(page.getByRole('heading', { name: 'Contract timeline' })).toBeVisible();
}

test.describe('contracts', () => {
  test.setTimeout(240_000);
  test.use({ device: 'client@northwind.demo' });

  test('a client sees no badge; a contract extended offline and its document are sent when back online', async ({
    page,
    context,
    request,
  }) => {
    const contracts = await serverContracts(request, 'client@northwind.demo');
    const old = contracts.find((row) => row.associatedContractId === null) ?? contracts[0];
    await openContracts(page, 'client@northwind.demo');
    await expect(contractsLink(page).locator('.sidebar__badge')).toHaveCount(0);
    await waitForOfflineShell(page);
    await page.goto(`/contracts/${old?.id ?? ''}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(old?.vendorName ?? '');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Extend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extend contract' });
    await expect(dialog.getByRole('note')).toContainText('You are offline');
    await dialog.getByRole('button', { name: 'Extend' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(new RegExp(`/contracts/${old?.id ?? ''}$`));
    const newId = page.url().split('/').pop() ?? '';
    await expect(page.getByText('Waiting to sync')).toBeVisible();
    const earlier = page.getByRole('list', { name: 'Earlier contracts' });
    await expect(earlier.getByRole('link')).toHaveCount(1);
    await expect(earlier).toContainText('(Extended)');
    // A document for the new contract, uploaded offline too: it waits beside its entry, after the extension.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'Renewal.pdf', mimeType: 'application/pdf', buffer: PDF });
    const document = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /Renewal\.pdf/ }) });
    await expect(document).toContainText('Waiting to sync');
    // Still queued after a reload offline.
    await page.reload();
    await expect(page.getByText('Waiting to sync')).toHaveCount(2);

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /pending/ })).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByText('Waiting to sync')).toHaveCount(0);
    const after = await serverContracts(request, 'client@northwind.demo');
    expect(after.map((row) => row.id)).toContain(newId);
    expect(after.map((row) => row.id)).not.toContain(old?.id);
    const token = await apiToken(request, 'client@northwind.demo');
    const documents = await request.get(`/api/contracts/associated_documents?contractId=${newId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(
      ((await documents.json()) as { fileName: string; size: number }[]).map((row) => [
        row.fileName,
        row.size,
      ]),
    ).toEqual([['Renewal.pdf', PDF.length]]);

    // Renamed and retyped from the page (the stored extension is kept); a delete asks first.
    await page.getByRole('button', { name: 'Edit Renewal.pdf' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit document' });
    await edit.getByRole('textbox', { name: 'File name' }).fill('Renewal signed');
    await edit.getByRole('combobox', { name: 'Document type' }).selectOption('Amendment');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    const renamed = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /Renewal signed\.pdf/ }) });
    await expect(renamed).toContainText('Amendment');
    await page.getByRole('button', { name: 'Delete Renewal signed.pdf' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete document' });
    await expect(confirm).toContainText('Delete Renewal signed.pdf?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(renamed).toBeVisible();
    await expect(page.getByRole('button', { name: /pending/ })).toHaveCount(0, { timeout: 60_000 });
    const edited = await request.get(`/api/contracts/associated_documents?contractId=${newId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(
      ((await edited.json()) as { fileName: string; documentType: string }[]).map((row) => [
        row.fileName,
        row.documentType,
      ]),
    ).toEqual([['Renewal signed.pdf', 'Amendment']]);
  });

  test('the add wizard links a location; the contract page unlinks it; no serious axe violations', async ({
    page,
  }) => {
    await openContracts(page, 'client@northwind.demo');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Add contract' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add contract' });
    await dialog.getByLabel('Vendor').fill('Wizard Energy');
    await dialog.getByLabel('Start Date').fill('2027-01-01');
    await dialog.getByLabel('End Date').fill('2026-12-31');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('must be after the start date')).toBeVisible();
    await dialog.getByLabel('End Date').fill('2027-12-31');
    await dialog.getByLabel('Term (Months)').fill('12');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Rate', { exact: true }).fill('0.0655');
    await dialog.getByRole('button', { name: 'Next' }).click();
    const site = dialog.getByRole('list', { name: 'Locations' }).getByRole('checkbox').first();
    await site.check();
    // A site the company lacks is added from the picker (POST /locations): checked at once, sent before the contract.
    await dialog.getByRole('button', { name: 'Add a location' }).click();
    await dialog.getByRole('button', { name: 'Add location' }).click();
    await expect(dialog.getByText('Zip is required.')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Wizard Depot');
    await dialog.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Dock St');
    await dialog.getByRole('textbox', { name: 'City', exact: true }).fill('Houston');
    await dialog.getByRole('combobox', { name: 'State', exact: true }).selectOption('TX');
    await dialog.getByRole('textbox', { name: 'Zip', exact: true }).fill('77002');
    // Enter adds the site; it does not submit the wizard.
    await dialog.getByRole('textbox', { name: 'Zip', exact: true }).press('Enter');
    await expect(dialog.getByRole('checkbox', { name: /Wizard Depot/ })).toBeChecked();
    await expect(dialog.getByText('2 selected')).toBeVisible();
    await dialog.getByRole('button', { name: 'Finish' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wizard Energy');
    await expect(page.getByRole('heading', { name: 'Linked locations (2)' })).toBeVisible();
    await expect(page.getByRole('button', { name: /pending/ })).toHaveCount(0, { timeout: 60_000 });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Unlink Wizard Depot' }).click();
    await expect(page.getByRole('heading', { name: 'Linked locations (1)' })).toBeVisible();
    await page.getByRole('button', { name: 'Link locations' }).click();
    const link = page.getByRole('dialog', { name: 'Link locations' });
    await link.getByRole('checkbox').first().check();
    await link.getByRole('button', { name: 'Link' }).click();
    await expect(page.getByRole('heading', { name: 'Linked locations (2)' })).toBeVisible();

    // Back from the contract page returns to the list.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Contract timeline' })).toBeVisible();
  });
});

test.describe('contracts of an admin', () => {
  test.setTimeout(240_000);
  test.use({ device: 'admin@northwind.demo' });

  test('statuses and the admin badge come from the device and today, offline with the clock moved on too', async ({
    page,
    context,
    request,
  }) => {
    const contracts = await serverContracts(request, 'admin@northwind.demo');
    const day = seedDay();
    await page.clock.setFixedTime(noon(day));
    await openContracts(page, 'admin@northwind.demo');
    await expect.poll(() => shownCounts(page)).toEqual(expectedCounts(contracts, day));

    // The badge: unviewed contracts due within 30 days, with the spec's tooltip.
    const due = (today: string) =>
      contractsDueBadge(
        contracts.map((row) => ({
          daysTillExpire: contractExpiry(row, today).daysTillExpire,
          isViewed: row.isViewed,
        })),
      );
    const badge = due(day);
    expect(badge.count).toBeGreaterThan(0);
    const link = contractsLink(page);
    await expect(link).toHaveAccessibleDescription(badge.tooltip);
    await expect(link.locator('.sidebar__badge')).toHaveText(String(badge.count));

    // Opening a due contract marks it viewed: the badge counts one less.
    const dueContract = contracts.find((row) => {
      const days = contractExpiry(row, day).daysTillExpire;
      return !row.isViewed && days >= 0 && days <= 30;
    });
    await page.goto(`/contracts/${dueContract?.id ?? ''}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(dueContract?.vendorName ?? '');
    const after = contractsDueBadge(
      Array.from({ length: badge.count - 1 }, () => ({ daysTillExpire: 1, isViewed: false })),
    );
    if (after.count > 0) await expect(link).toHaveAccessibleDescription(after.tooltip);
    await expect(link.locator('.sidebar__badge')).toHaveCount(after.count > 0 ? 1 : 0);
    if (after.count > 0) await expect(link.locator('.sidebar__badge')).toHaveText(String(after.count));

    // Offline, six weeks on: the same rows show the statuses of that day.
    await waitForOfflineShell(page);
    await context.setOffline(true);
    const later = addDaysIso(day, 42);
    await page.clock.setFixedTime(noon(later));
    await page.goto('/contracts');
    await expect(
      page.getByText(`Today: ${later.slice(5, 7)}/${later.slice(8, 10)}/${later.slice(0, 4)}`),
    ).toBeVisible();
    await expect.poll(() => shownCounts(page)).toEqual(expectedCounts(contracts, later));
    await context.setOffline(false);
  });
});

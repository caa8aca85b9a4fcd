import { expect, test } from './devices';
import type { APIRequestContext } from '@playwright/test';
import { COMPANY_IDS } from '../../server/src/seed/plans';
import { expectNoAxeViolations } from './axe';
import { apiToken, signIn, waitForOfflineShell, waitForSync } from './support';
import { feedCursorOver } from '../helpers/feedCursor';

/** GET /api/companies/{id}/energyStarScore (the fields read here). */
interface ScoreAnswer {
  score: number | null;
  sites: { locationId: string; name: string; score: number | null; metricMonth: string | null }[];
  inactiveSites: { locationId: string; name: string }[];
}

/** GET /api/locations/{id}/energystar (the fields read here). */
interface SiteAnswer {
  rows: { id: string; metricMonth: string; score: number | null; version: number }[];
}

/** GET /api/sync/{companyId}/changes (the fields read here). */
interface ChangePage {
  changes: { entity: string; id: string; version: number }[];
  cursor: string;
  hasMore: boolean;
}

async function getJson<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/**
 * The company's changes after `since`, read to the end of its feed, as the token's reader reads it: a cursor names what
 * its reader may not read (server/src/sync/changeFeed.ts), and answers 410 for another reader.
 */
async function changesSince(
  request: APIRequestContext,
  token: string,
  since: number,
): Promise<{ changes: ChangePage['changes']; version: number }> {
  const changes: ChangePage['changes'] = [];
  let cursor = await feedCursorOver(request, token, COMPANY_IDS.northwind, since);
  for (;;) {
    const page = await getJson<ChangePage>(
      request,
      token,
      `/api/sync/${COMPANY_IDS.northwind}/changes?since=${cursor}&limit=5000`,
    );
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { changes, version: Number(cursor.split('~')[0]) };
  }
}

test.describe('ENERGY STAR', () => {
  test.setTimeout(240_000);
  test.use({ device: 'admin@northwind.demo' });

  test('as an admin: both pages work offline, and a score and a note made offline reach the server once', async ({
    page,
    context,
    request,
  }) => {
    const token = await apiToken(request, 'admin@northwind.demo');
    const company = await getJson<ScoreAnswer>(
      request,
      token,
      `/api/companies/${COMPANY_IDS.northwind}/energyStarScore`,
    );
    const best = company.sites[0];
    if (!best?.metricMonth) throw new Error('the demo company has no scored ENERGY STAR site');

    await signIn(page, 'admin@northwind.demo');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Company Energy Star' })
      .click();
    await waitForSync(page);
    const ranking = page.getByRole('table', { name: 'Sites by latest ENERGY STAR score' });
    await expect(ranking.getByRole('row').nth(1)).toContainText(best.name);
    await expect(page.getByRole('article').filter({ hasText: 'Company score' })).toContainText(
      String(company.score),
    );
    await expectNoAxeViolations(page);

    // Offline after a reload: the company page and the site page come from the device.
    await waitForOfflineShell(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: /^Offline/ })).toBeVisible();
    await expect(ranking.getByRole('row').nth(1)).toContainText(best.name);
    await ranking.getByRole('link', { name: best.name }).click();
    await expect(page).toHaveURL(new RegExp(`/locations/${best.locationId}/energystar$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${best.name} — ENERGY STAR`);
    const scoreCard = page.getByRole('article').filter({ hasText: 'ENERGY STAR score' });
    await expect(scoreCard).toContainText(String(best.score));
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeDisabled();

    // A score for the latest month and a note, both offline.
    const newScore = best.score === 97 ? 96 : 97;
    await page.getByRole('button', { name: 'Update score' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update ENERGY STAR score' });
    await dialog.getByRole('spinbutton', { name: 'Score' }).fill(String(newScore));
    await dialog.getByRole('textbox', { name: 'Score date' }).fill(`${best.metricMonth}-15`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(scoreCard).toContainText(String(newScore));
    const noteText = `Offline note ${Date.now()}`;
    await page.getByLabel('New note').fill(noteText);
    await page.getByRole('button', { name: 'Add note' }).click();
    const notes = page.getByRole('list', { name: 'Notes' });
    await expect(notes.getByText(noteText)).toBeVisible();
    await expect(notes.getByText('Waiting to sync')).toBeVisible();
    await expect(page.getByRole('button', { name: /2 pending/ })).toBeVisible();

    await page.reload();
    await expect(scoreCard).toContainText(String(newScore));
    await expect(notes.getByText(noteText)).toBeVisible();

    // The company's version right before the writes reach the server (nothing else writes to it meanwhile).
    const before = await getJson<SiteAnswer>(request, token, `/api/locations/${best.locationId}/energystar`);
    const { version: versionBefore } = await changesSince(
      request,
      token,
      Math.max(...before.rows.map((row) => row.version)),
    );
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /pending/ })).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByRole('button', { name: /to review/ })).toHaveCount(0);
    await expect(notes.getByText('Waiting to sync')).toHaveCount(0);
    // Each write applied once: the company's counter moved by exactly two, one version for the month's row and one
    // for the note.
    const after = await changesSince(request, token, versionBefore);
    expect(after.version).toBe(versionBefore + 2);
    expect(after.changes.map((change) => change.entity).sort()).toEqual([
      'energyStarMetrics',
      'energyStarNotes',
    ]);
    const site = await getJson<SiteAnswer>(request, token, `/api/locations/${best.locationId}/energystar`);
    expect(site.rows.find((row) => row.metricMonth === best.metricMonth)?.score).toBe(newScore);
    const serverNotes = await getJson<{ note: string }[]>(
      request,
      token,
      `/api/energystar/${best.locationId}/getEnergyStarNotes`,
    );
    expect(serverNotes.filter((note) => note.note === noteText)).toHaveLength(1);
    await expectNoAxeViolations(page);
  });
});

test.describe('ENERGY STAR of a client company', () => {
  test.setTimeout(240_000);
  test.use({ device: { email: 'consultant@get.demo', company: COMPANY_IDS.northwind } });

  test('as a consultant: the twin page refreshes online; a company without ENERGY STAR is guarded', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'consultant@get.demo');
    const company = await getJson<ScoreAnswer>(
      request,
      token,
      `/api/companies/${COMPANY_IDS.northwind}/energyStarScore`,
    );
    const site = company.sites[company.sites.length - 1];
    if (!site) throw new Error('no ENERGY STAR site');
    await signIn(page, 'consultant@get.demo');
    await page.goto(`/companies/${COMPANY_IDS.northwind}/locations/${site.locationId}/energystar`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${site.name} — ENERGY STAR`, {
      timeout: 120_000,
    });
    await expect(page.getByRole('link', { name: 'Back to the location' })).toHaveAttribute(
      'href',
      `/companies/${COMPANY_IDS.northwind}/locations/${site.locationId}`,
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Refreshed \d+ months?: / })).toBeVisible({
      timeout: 60_000,
    });

    // The company page fits a phone: its tables scroll inside their panels (a switch's hidden label once widened it).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/companies/${COMPANY_IDS.northwind}/companyEnergyStar`);
    await expect(page.getByRole('switch').first()).toBeVisible({ timeout: 120_000 });
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);

    // Harbor Foods has no ENERGY STAR access: both pages send the consultant to the company's locations.
    await page.goto(`/companies/${COMPANY_IDS.harbor}/companyEnergyStar`);
    await expect(page).toHaveURL(new RegExp(`/companies/${COMPANY_IDS.harbor}/locations$`));
    await page.goto(`/companies/${COMPANY_IDS.harbor}/locations/${site.locationId}/energystar`);
    await expect(page).toHaveURL(new RegExp(`/companies/${COMPANY_IDS.harbor}/locations$`));
  });
});

// The Bills page's export at scale L (bench:pages): every row of the default range (~55,000 bills) to .xlsx in the
// export worker, from the click on the grid's Export to the download, with the main thread's long tasks meanwhile.
import { statSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { QUIET_MS, probe } from './pageNavigation';

/** One export of the Bills grid. */
export interface BillsExportSample {
  run: number;
  /** Click to download, ms. */
  ms: number;
  bytes: number;
  longTasks: number;
  longestTaskMs: number;
}

/** A year of scale L's bills takes seconds; a loaded machine more. */
const EXPORT_TIMEOUT_MS = 300_000;

/** Exports the Bills grid once it holds every row of the range (the button waits for them). */
export async function measureBillsExport(page: Page, run: number): Promise<BillsExportSample> {
  const grid = page.getByRole('region', { name: 'Bills in range' });
  const button = grid.getByRole('button', { name: 'Export', exact: true });
  await button.and(page.locator(':enabled')).waitFor({ timeout: EXPORT_TIMEOUT_MS });
  await probe(page, 'settle', QUIET_MS, 15_000);
  const t0 = await probe(page, 'now');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: EXPORT_TIMEOUT_MS }),
    button.click(),
  ]);
  const end = await probe(page, 'now');
  const tasks = await probe(page, 'longTasks', t0, end);
  return {
    run,
    ms: Math.round(end - t0),
    bytes: statSync(await download.path()).size,
    longTasks: tasks.length,
    longestTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
  };
}

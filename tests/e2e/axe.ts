import { createRequire } from 'node:module';
import { expect } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** A context where axe may be injected: the app's CSP rightly forbids foreign scripts, so this one bypasses it. */
export function axeContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ bypassCSP: true });
}

/** Runs axe on the page as it stands (open dialogs included): no serious or critical violation. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: () => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) => `${v.id} (${v.nodes.length}): ${v.nodes.map((node) => JSON.stringify(node.target)).join(' ')}`,
      );
  });
  expect(violations).toEqual([]);
}

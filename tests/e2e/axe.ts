import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe on the page as it stands (open dialogs included): no serious or critical violation. axe is evaluated
 * through the DevTools protocol, which the page's CSP does not govern, so any page of a test can be checked.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // axe measures colour contrast as painted, and a dialog still fading in has its text at part opacity: the page is
  // judged at rest, as a person reads it. Finite animations (a dialog opening, a toast) are waited for, at most 5 s;
  // endless ones (a spinner) are not.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
  await page.evaluate(AXE_SOURCE);
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

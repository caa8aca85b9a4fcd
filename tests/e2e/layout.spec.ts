// Every area's main page, at a desktop (1440), a small laptop (1024), a tablet (768) and a phone (390): nothing runs
// past its frame except inside a region made to scroll sideways (a grid, a wide table), a table of a few columns
// shows all of them on a desktop, no fixed control (the sidebar toggle, GET AI's launcher, a toast) lies over a link,
// button or field, and on a phone every control is a touch target (44 × 44 CSS px, WCAG 2.5.5; docs/architecture.md
// §13). Each page is checked at the top and scrolled to the bottom, where the fixed controls come into play.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './devices';
import { apiToken, signIn, waitForSync } from './support';

const EMAIL = 'admin@northwind.demo';
const WIDTHS = [1440, 1024, 768, 390] as const;

async function firstId(request: APIRequestContext, token: string, url: string): Promise<string> {
  const response = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), url).toBe(200);
  const rows = (await response.json()) as { id: string }[];
  const id = rows[0]?.id;
  if (!id) throw new Error(`${url} answered no rows`);
  return id;
}

/**
 * Runs in the page: what is wrong with its layout as it is on screen now, one line each.
 * - Overflow: an element that ends past the right edge of the box that clips it (or of the screen), unless that box
 *   scrolls sideways on purpose (overflow-x auto or scroll), is a screen-reader-only box, or is a closed disclosure.
 * - A table of up to `fewColumns` columns that must be scrolled sideways on a desktop (1440 px): its texts wrap, so
 *   only figures can make it wider than its frame.
 * - Covering: a fixed control over the centre of a link, button or field, or a link, button or field under the
 *   centre of a small fixed control. A bar stuck to the top (the top bar, a table's sticky header) is left out:
 *   content scrolls under it by design.
 * - On a phone: a button, select or field lower than a touch target. Inline text links (`.link-button`, like
 *   `<a>`, WCAG 2.5.8's inline exception) and the contract timeline's bars (a chart whose contracts are rows of the
 *   list under it) are left out.
 */
function findLayoutProblems({
  fewColumns,
  touchTarget,
}: {
  fewColumns: number;
  touchTarget: number;
}): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const viewWidth = root.clientWidth;
  const viewHeight = root.clientHeight;
  const styles = new Map<Element, CSSStyleDeclaration>();
  const styleOf = (element: Element): CSSStyleDeclaration => {
    let style = styles.get(element);
    if (!style) styles.set(element, (style = getComputedStyle(element)));
    return style;
  };
  const describe = (element: Element): string => {
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '')
      .trim()
      .replace(/\s+/g, ' ');
    const classes =
      typeof element.className === 'string' ? element.className.trim().split(/\s+/).join('.') : '';
    return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} “${name.slice(0, 40)}”`;
  };
  const isShown = (element: Element, rect: DOMRect) =>
    rect.width >= 2 && rect.height >= 2 && styleOf(element).visibility !== 'hidden';

  if (root.scrollWidth > viewWidth + 1)
    problems.push(`the page is ${root.scrollWidth} px wide in ${viewWidth} px`);
  const overflowing = new Set<Element>();
  for (const element of document.body.querySelectorAll('*')) {
    if (element.parentElement?.closest('svg')) continue;
    const rect = element.getBoundingClientRect();
    if (!isShown(element, rect) || styleOf(element).position === 'fixed') continue;
    // The nearest box that clips sideways, unless an element already reported lies between.
    let frame: Element | null = element.parentElement;
    let isInsideReported = false;
    while (frame && frame !== document.body) {
      if (overflowing.has(frame)) isInsideReported = true;
      const style = styleOf(frame);
      if (style.position === 'fixed' || style.overflowX !== 'visible') break;
      frame = frame.parentElement;
    }
    const hasFrame = frame !== null && frame !== document.body;
    if (isInsideReported) continue;
    if (hasFrame && ['auto', 'scroll'].includes(styleOf(frame as Element).overflowX)) continue;
    if (hasFrame && ((frame as Element).clientWidth <= 1 || (frame as Element).clientHeight <= 1)) continue;
    const closed = element.closest('details:not([open])');
    if (closed && !closed.querySelector(':scope > summary')?.contains(element)) continue;
    const right = hasFrame
      ? (frame as Element).getBoundingClientRect().left +
        (frame as Element).clientLeft +
        (frame as Element).clientWidth
      : viewWidth;
    if (rect.right > right + 1 && rect.left < right) {
      overflowing.add(element);
      problems.push(
        `${describe(element)} ends at ${Math.round(rect.right)} px, past ${hasFrame ? describe(frame as Element) : 'the screen'} at ${Math.round(right)} px`,
      );
    }
  }

  if (viewWidth >= 1440)
    for (const scroller of document.querySelectorAll('.data-table-scroll')) {
      const columns = scroller.querySelectorAll(':scope > table > thead > tr > th').length;
      if (columns <= fewColumns && scroller.scrollWidth > scroller.clientWidth + 1)
        problems.push(
          `${describe(scroller)}: ${columns} columns need ${scroller.scrollWidth} px of ${scroller.clientWidth}`,
        );
    }

  const stuckCover = (element: Element): Element | null => {
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      const position = styleOf(node).position;
      if (position === 'sticky') return null;
      if (position === 'fixed') {
        const rect = node.getBoundingClientRect();
        return rect.top <= 1 && rect.width >= viewWidth / 2 ? null : node;
      }
    }
    return null;
  };
  const INTERACTIVE =
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"]';
  for (const element of document.body.querySelectorAll(INTERACTIVE)) {
    const rect = element.getBoundingClientRect();
    if (!isShown(element, rect)) continue;
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    if (x < 0 || y < 0 || x >= viewWidth || y >= viewHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || element.contains(hit) || hit.contains(element) || hit.closest('label')?.contains(element))
      continue;
    const cover = stuckCover(hit);
    if (cover && !cover.contains(element)) problems.push(`${describe(cover)} covers ${describe(element)}`);
  }
  for (const control of document.body.querySelectorAll('*')) {
    if (styleOf(control).position !== 'fixed') continue;
    const rect = control.getBoundingClientRect();
    if (!isShown(control, rect) || rect.width * rect.height > 0.1 * viewWidth * viewHeight) continue;
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    if (x < 0 || y < 0 || x >= viewWidth || y >= viewHeight) continue;
    const stack = document.elementsFromPoint(x, y);
    if (!stack.includes(control)) continue;
    const under = stack
      .slice(stack.indexOf(control) + 1)
      .find((node) => !node.contains(control) && !control.contains(node));
    const target = under?.closest(INTERACTIVE);
    if (target && !target.contains(control))
      problems.push(`${describe(control)} lies over ${describe(target)}`);
  }

  if (viewWidth <= 640) {
    const controls = 'button, select, input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"])';
    for (const control of document.body.querySelectorAll(controls)) {
      const rect = control.getBoundingClientRect();
      if (!isShown(control, rect) || control.closest('.visually-hidden, [aria-hidden="true"]')) continue;
      if (control.matches('.link-button, .contracts-timeline__bar')) continue;
      if (rect.height < touchTarget - 0.5 || (rect.width < touchTarget - 0.5 && control.matches('button')))
        problems.push(`${describe(control)} is ${Math.round(rect.width)} × ${Math.round(rect.height)} px`);
    }
  }
  return problems;
}

/** Waits until the page's heading shows and nothing in it is still loading, then for two frames to paint. */
async function settle(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first(), `${name}: its heading`).toBeVisible({
    timeout: 30_000,
  });
  const busy = page.locator('main [aria-busy="true"]');
  await expect(busy, `${name}: still loading`).toHaveCount(0, { timeout: 30_000 });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

test.use({ device: EMAIL });

test('every area page fits 1440, 1024, 768 and 390 px, and no fixed control covers another', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const token = await apiToken(request, EMAIL);
  const site = await firstId(request, token, '/api/locations');
  const account = await firstId(request, token, '/api/accounts');
  const bill = await firstId(request, token, '/api/bills');
  const pages: readonly { path: string; open?: (page: Page) => Promise<void> }[] = [
    { path: '/home' },
    { path: '/locations' },
    { path: `/locations/${site}` },
    { path: '/accounts' },
    { path: `/accounts/${account}` },
    { path: '/bills' },
    { path: `/bills/${bill}` },
    { path: '/alerts' },
    { path: '/contracts' },
    { path: '/budgets' },
    {
      // A budget: its chart and months open under the list.
      path: '/budgets',
      open: async (shown) => {
        const first = shown.locator('.budgets-list__open').first();
        await first.click();
        await expect(first).toHaveAttribute('aria-pressed', 'true');
      },
    },
    { path: '/reports' },
    { path: '/reports/emissions' },
    { path: '/companyEnergyStar' },
    { path: '/tickets' },
    { path: '/users' },
    { path: '/imports' },
    { path: '/billpay' },
  ];

  await signIn(page, EMAIL);
  await waitForSync(page);
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    for (const { path, open } of pages) {
      const name = `${width} px ${path}${open ? ' (a budget)' : ''}`;
      await page.goto(path);
      await settle(page, name);
      await open?.(page);
      const limits = { fewColumns: 8, touchTarget: 44 };
      const atTop = await page.evaluate(findLayoutProblems, limits);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // The sidebar toggle appears once the page is scrolled (a render after the scroll event).
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      );
      const atBottom = await page.evaluate(findLayoutProblems, limits);
      found.push(...new Set([...atTop, ...atBottom].map((line) => `${name}: ${line}`)));
    }
  }
  expect(found).toEqual([]);
});

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements inside root that Tab reaches, in DOM order (hidden and inert ones left out). */
export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden], [inert], [aria-hidden="true"]') && element.tabIndex >= 0,
  );
}

/**
 * Keeps Tab and Shift+Tab cycling inside root; returns true when it moved focus itself, so the
 * caller can stop the key there (a dialog stacked above must not be trapped by the one below).
 */
export function trapTab(root: HTMLElement, isBackward: boolean): boolean {
  const items = focusableWithin(root);
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    root.focus();
    return true;
  }
  if (!(active instanceof HTMLElement) || !root.contains(active) || active === root) {
    (isBackward ? last : first).focus();
    return true;
  }
  if (isBackward && active === first) {
    last.focus();
    return true;
  }
  if (!isBackward && active === last) {
    first.focus();
    return true;
  }
  return false;
}

// What the benches that drive the real app share (bench/pages.bench.ts, bench/reports.bench.ts): the app's build,
// signing in through the login page, waiting for the first sync and for the service worker.
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import { BENCH_LOGIN, log } from './harness';

/** The first pull of scale L takes 30–60 s on the reference machine; a loaded machine needs more. */
export const SYNC_TIMEOUT_MS = 300_000;

/**
 * The real app, built with the project's vite.config.ts (service worker included) into `outDir`; unminified on
 * request (a profile's function names).
 */
export async function buildApp(outDir: string, { minify = true } = {}): Promise<void> {
  await build({
    configFile: resolve('vite.config.ts'),
    root: resolve('.'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, reportCompressedSize: false, minify },
  });
}

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Signs in through the login page, as tests/e2e/support.ts `signIn` does (as `super@get.demo` unless told). */
export async function signIn(page: Page, baseUrl: string, email = BENCH_LOGIN.email): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(BENCH_LOGIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
}

/** Waits for the top bar's 'Synced …' (tests/e2e/accounts.spec.ts waitForSync), logging progress meanwhile. */
export async function waitForSync(page: Page, timeoutMs = SYNC_TIMEOUT_MS): Promise<number> {
  const started = Date.now();
  const synced = page.getByRole('button', { name: /^Synced/ });
  let lastText = '';
  while (!(await synced.isVisible())) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`The company did not sync within ${timeoutMs / 1000} s (top bar: '${lastText}')`);
    const text =
      (await page
        .locator('.sync-status__text')
        .textContent()
        .catch(() => null)) ?? '?';
    if (text !== lastText) log(`  top bar: ${text}`);
    lastText = text;
    await synced.waitFor({ timeout: 10_000 }).catch(() => undefined);
  }
  return Date.now() - started;
}

/** Waits until the service worker controls the page (tests/e2e/support.ts waitForOfflineShell). */
export async function waitForOfflineShell(page: Page): Promise<void> {
  await withTimeout(
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    }),
    120_000,
    'service worker ready',
  );
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { expect, test } from './devices';
import type { Page } from '@playwright/test';

const UPDATE_TEXT = 'A New Update is Available!';
const distDir = resolve('dist');

/** Waits until the service worker is active and, after a reload if needed, controls the page. */
async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  // The first install does not claim the open page (no clientsClaim): the next load is controlled.
  if (!controlled) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The shell rendered: the document's title and something inside #root. */
async function expectShell(page: Page): Promise<void> {
  await expect(page).toHaveTitle('GET Energy Portal');
  await expect(page.locator('#root > *').first()).toBeAttached();
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** A copy of dist/ behind a tiny static server with SPA fallback, so a test can "deploy" a new build. */
interface DeployedCopy {
  origin: string;
  dir: string;
  close(): Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function serveCopyOfDist(): Promise<DeployedCopy> {
  const dir = await mkdtemp(join(tmpdir(), 'get-pwa-'));
  await cp(distDir, dir, { recursive: true });
  const held: ServerResponse[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    response.setHeader('Cache-Control', 'no-cache');
    if (pathname.startsWith('/api/')) {
      // SSO start never answers, so the page stays on /ssologin/* for the suppression check.
      if (pathname.startsWith('/api/ssologin/')) {
        held.push(response);
        return;
      }
      response.writeHead(pathname === '/api/ping' ? 200 : 404, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify(pathname === '/api/ping' ? { ok: true, at: Date.now() } : { error: 'Not found' }),
      );
      return;
    }
    const file = resolve(dir, `.${pathname}`);
    if (file.startsWith(dir + sep) && (await isFile(file))) {
      response.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream' });
      response.end(await readFile(file));
      return;
    }
    if (extname(pathname) !== '') {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('Not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': MIME['.html'] });
    response.end(await readFile(join(dir, 'index.html')));
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    dir,
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** "Deploys" a new build: a changed precache revision makes sw.js byte-different, so a new worker installs. */
async function deployNewBuild(copy: DeployedCopy, revision: string): Promise<void> {
  const swPath = join(copy.dir, 'sw.js');
  const source = await readFile(swPath, 'utf8');
  const changed = source.replace(/(url:\s*"index\.html",\s*revision:\s*")[^"]+"/, `$1${revision}"`);
  expect(changed, 'sw.js precaches index.html with a revision').not.toBe(source);
  await writeFile(swPath, `${changed}\n// deployed ${revision}\n`);
}

async function checkForUpdate(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) throw new Error('no service worker registration');
    await registration.update();
  });
}

/** Whether the active worker's precache holds index.html under the given revision. */
async function precachedIndexRevision(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        if (url.pathname === '/index.html') return url.searchParams.get('__WB_REVISION__');
      }
    }
    return null;
  });
}

test.describe('installable PWA', () => {
  test('serves the manifest and icons', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await request.get(href ?? '');
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'GET Energy Portal',
      short_name: 'GET',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0d141c',
      background_color: '#0d141c',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of [...manifest.icons.map((entry) => entry.src), '/apple-touch-icon.png']) {
      const iconResponse = await request.get(icon);
      expect(iconResponse.ok(), icon).toBe(true);
      expect(iconResponse.headers()['content-type']).toContain('image/png');
    }
    // Registration comes from the bundled module, never an inline script (CSP).
    expect(await page.locator('script:not([src])').count()).toBe(0);

    // Chromium's own installability check (what Lighthouse reports) finds nothing missing.
    await waitForServiceWorkerControl(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito-like, which Chromium always reports; nothing else may show.
    const errors = installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito');
    expect(errors).toEqual([]);
  });

  test('an offline reload of a visited route, and a deep link, show the shell', async ({ page, context }) => {
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await page.goto('/login');
    await expectShell(page);

    await context.setOffline(true);
    try {
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await expectShell(page);

      const deepLink = await page.goto('/locations');
      expect(deepLink?.fromServiceWorker()).toBe(true);
      await expectShell(page);

      // API navigations are never answered with the shell.
      await expect(page.goto('/api/health')).rejects.toThrow();
    } finally {
      await context.setOffline(false);
    }
    expect(cspViolations).toEqual([]);
  });

  test.describe('against a copy of the build', () => {
    let copy: DeployedCopy;
    test.beforeEach(async () => {
      copy = await serveCopyOfDist();
    });
    test.afterEach(async () => {
      await copy.close();
    });

    test('with the server gone, routes load from the precache and API calls are not cached', async ({
      page,
      problems,
    }) => {
      // With the server gone, API calls are refused: that they reach the network (not a cache) is the point.
      problems.expect(/^GET \S+\/api\/ping → net::ERR_CONNECTION_REFUSED$/);
      await page.goto(`${copy.origin}/`);
      await waitForServiceWorkerControl(page);
      const online = await page.evaluate(async () => (await fetch('/api/ping')).status);
      expect(online).toBe(200);

      await copy.close();
      copy = { ...copy, close: async () => undefined };

      const deepLink = await page.goto(`${copy.origin}/locations/42`);
      expect(deepLink?.fromServiceWorker()).toBe(true);
      await expectShell(page);
      const offline = await page.evaluate(async () => {
        try {
          return (await fetch('/api/ping')).status;
        } catch {
          return 'network error';
        }
      });
      expect(offline).toBe('network error');
      await expect(page.goto(`${copy.origin}/api/ping`)).rejects.toThrow();
    });

    test("a new deploy shows 'A New Update is Available!'; 'Great!' reloads under the new worker", async ({
      page,
      context,
    }) => {
      await page.goto(`${copy.origin}/`);
      await waitForServiceWorkerControl(page);
      await expect(page.getByText(UPDATE_TEXT)).toHaveCount(0);
      const before = await precachedIndexRevision(page);
      expect(before).not.toBeNull();

      await deployNewBuild(copy, 'e2e-deploy-2');
      await checkForUpdate(page);
      const prompt = page.getByRole('dialog', { name: UPDATE_TEXT });
      await expect(prompt).toBeVisible();
      await expect(prompt).toHaveText(/A New Update is Available!/);
      const great = prompt.getByRole('button', { name: 'Great!' });
      await expect(great).toBeVisible();

      // The same waiting worker on a single sign-on page: no prompt there.
      const sso = await context.newPage();
      await sso.goto(`${copy.origin}/ssologin/acme`);
      await expect(sso).toHaveURL(/\/ssologin\/acme$/);
      await sso.waitForFunction(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting != null,
      );
      await sso.waitForTimeout(1500);
      await expect(sso).toHaveURL(/\/ssologin\/acme$/);
      await expect(sso.getByText(UPDATE_TEXT)).toHaveCount(0);
      await sso.close();

      await Promise.all([page.waitForEvent('load'), great.click()]);
      await waitForServiceWorkerControl(page);
      await expect(page.getByText(UPDATE_TEXT)).toHaveCount(0);
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting == null),
      ).toBe(true);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
        `${copy.origin}/sw.js`,
      );
      expect(await precachedIndexRevision(page)).toBe('e2e-deploy-2');
    });
  });
});

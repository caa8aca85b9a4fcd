import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base } from '@playwright/test';
import type { BrowserContext, BrowserContextOptions, BrowserType, LaunchOptions } from '@playwright/test';
import { signIn, waitForOfflineShell, waitForSync } from './support';

/**
 * Devices that have already synced. The first full sync of a company is what a browser test spends most of its time
 * on, and only the sync tests are about it. So the first test that needs a user's device signs in on a fresh Chromium
 * profile, waits for the sync and the offline shell, signs the session out of the profile while keeping its
 * IndexedDB, Cache Storage and service worker, and keeps the profile as a template; every test then runs in its own
 * copy, signs in as a person would and pulls only what changed since. Tests stay independent: each copy is thrown
 * away, and the server's data is as shared as it always was.
 */
export interface Devices {
  /** A new browser context on a copy of the user's synced device, signed out (sign in as usual). */
  open(device: Device, options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * Whose device: a client's email, or a consultant's email and the client company they opened (a consultant's company
 * syncs once one of its pages is opened).
 */
export type Device = string | { email: string; company: number };

/** The localStorage keys of the session (src/session/atoms.ts); the device's data stays. */
const SESSION_KEYS = ['get-session', 'isAuthorized', 'get-sso-login-path', 'get-signed-in-as'];

/** Runs in the page: sets `lastSyncAt` to null in every user database's `syncState` (src/db/schema.ts). */
async function forgetLastSyncTimes(): Promise<void> {
  const request = <T>(r: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
    });
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await request(indexedDB.open(name));
    if (db.objectStoreNames.contains('syncState')) {
      const store = db.transaction('syncState', 'readwrite').objectStore('syncState');
      const rows = await request(store.getAll());
      await Promise.all(rows.map((row: object) => request(store.put({ ...row, lastSyncAt: null }))));
    }
    db.close();
  }
}

class DeviceStore implements Devices {
  private readonly root = mkdtempSync(join(tmpdir(), 'get-e2e-devices-'));
  private readonly templates = new Map<string, Promise<string>>();
  private copies = 0;
  /** Called with every copy opened while a test runs (its problem watch). */
  onOpen: ((context: BrowserContext) => void) | null = null;

  constructor(
    private readonly browserType: BrowserType,
    private readonly launchOptions: LaunchOptions,
    private readonly baseURL: string,
  ) {}

  async open(device: Device, options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const template = await this.template(
      typeof device === 'string'
        ? { email: device, visit: '' }
        : { email: device.email, visit: `/companies/${device.company}/locations` },
    );
    const copy = join(this.root, `copy-${(this.copies += 1)}`);
    cpSync(template, copy, { recursive: true });
    // Copies are removed with the store: Chromium still writes to a profile for a moment after it closes.
    const context = await this.launch(copy, options);
    this.onOpen?.(context);
    return context;
  }

  close(): void {
    rmSync(this.root, { recursive: true, force: true });
  }

  private template(device: { email: string; visit: string }): Promise<string> {
    const key = `${device.email} ${device.visit}`;
    let made = this.templates.get(key);
    if (!made) {
      made = this.makeTemplate(device);
      // A failed attempt is not remembered: the next test tries again.
      made.catch(() => this.templates.delete(key));
      this.templates.set(key, made);
    }
    return made;
  }

  private async makeTemplate({ email, visit }: { email: string; visit: string }): Promise<string> {
    const dir = join(this.root, `template-${this.templates.size}`);
    const context = await this.launch(dir, {});
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await signIn(page, email);
      if (visit) await page.goto(visit);
      await waitForSync(page);
      await waitForOfflineShell(page);
      // Signed out on a page of the origin that runs no app code (the service worker serves the shell for any path
      // but /api/): the app and its sync worker are gone, so nothing can write the session or a cookie back. Forgetting
      // when each company last synced makes the top bar say 'Synced' again only once a copy's own pull has finished,
      // so `waitForSync` means the same on a copy as on a new device.
      await page.goto('/api/health');
      await context.clearCookies();
      await page.evaluate((keys) => keys.forEach((key) => localStorage.removeItem(key)), SESSION_KEYS);
      await page.evaluate(forgetLastSyncTimes);
    } finally {
      await context.close();
    }
    return dir;
  }

  private launch(dir: string, options: BrowserContextOptions): Promise<BrowserContext> {
    return this.browserType.launchPersistentContext(dir, {
      ...this.launchOptions,
      baseURL: this.baseURL,
      ...options,
    });
  }
}

/**
 * What a test tells the watch it expects: a failed request or console error whose text (method, URL and status, or
 * the message) matches one of these is not a problem.
 */
export interface Problems {
  expect(...patterns: RegExp[]): void;
  /** Watches a context the test opened itself (devices.open is watched already). */
  watch(context: BrowserContext): void;
}

/** Chromium's own line for a failed response: the response itself is judged, by its URL and status. */
const FAILED_RESOURCE = /^Failed to load resource: /;
/**
 * Not failures: a navigation or fetch the page itself abandoned (a new page, an aborted report), and a call in flight
 * when the test took the network away (`context.setOffline`): the outbox and the feed retry it once back online.
 */
const NOT_FAILURES: ReadonlySet<string> = new Set(['net::ERR_ABORTED', 'net::ERR_INTERNET_DISCONNECTED']);

class ProblemWatch implements Problems {
  readonly found: string[] = [];
  private readonly expected: RegExp[] = [];
  private readonly watched = new WeakSet<BrowserContext>();

  expect(...patterns: RegExp[]): void {
    this.expected.push(...patterns);
  }

  watch(context: BrowserContext): void {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on('console', (message) => {
      if (message.type() !== 'error' || FAILED_RESOURCE.test(message.text())) return;
      this.note(`console error: ${message.text()}`);
    });
    context.on('response', (response) => {
      if (response.status() < 400) return;
      this.note(`${response.request().method()} ${response.url()} → ${response.status()}`);
    });
    context.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? 'failed';
      if (NOT_FAILURES.has(failure)) return;
      this.note(`${request.method()} ${request.url()} → ${failure}`);
    });
    context.on('weberror', (error) => this.note(`page error: ${error.error().message}`));
  }

  unexpected(): string[] {
    return this.found.filter((line) => !this.expected.some((pattern) => pattern.test(line)));
  }

  private note(line: string): void {
    this.found.push(line);
  }
}

/**
 * `test` with a `devices` store, and a `device` option: `test.use({ device: 'client@northwind.demo' })` makes the
 * test's own `context` (and so its `page`) a copy of that user's synced device (signed out: the test signs in).
 */
export const test = base.extend<{ device: Device | null; problems: Problems }, { devices: Devices }>({
  device: [null, { option: true }],
  // Every browser test fails on a console error, a page error or a failed request it did not expect
  // (`problems.expect(/pattern/)` names the ones it provokes), in its own context and in those devices.open gives.
  problems: [
    async ({ devices }, use) => {
      const watch = new ProblemWatch();
      const store = devices as DeviceStore;
      store.onOpen = (context) => watch.watch(context);
      await use(watch);
      store.onOpen = null;
      expect(watch.unexpected(), 'console errors and failed requests the test did not expect').toEqual([]);
    },
    { auto: true },
  ],
  devices: [
    async ({ playwright, launchOptions }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error('the browser tests need a baseURL');
      const store = new DeviceStore(playwright.chromium, launchOptions, baseURL);
      await use(store);
      store.close();
    },
    { scope: 'worker' },
  ],
  // Its own time, outside the test's: the first test of a device makes the template, a full sync that a slow or busy
  // machine may take most of a minute over.
  context: [
    async ({ context, device, devices, contextOptions, viewport, problems }, use) => {
      if (!device) {
        problems.watch(context);
        await use(context);
        return;
      }
      const copy = await devices.open(device, { ...contextOptions, viewport });
      await use(copy);
      await copy.close();
    },
    { scope: 'test', timeout: 240_000 },
  ],
});

export { expect };

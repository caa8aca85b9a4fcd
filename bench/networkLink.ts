// A slow link for a whole browser, through the DevTools protocol (bench/field.bench.ts): every page, dedicated worker
// (the sync worker) and service worker is attached from a browser-level session, gets the link's conditions
// (`Network.emulateNetworkConditions`) and reports its requests, so bytes on the wire are counted where they are
// fetched. Playwright's own sessions use the flat protocol; these are attached the classic way (messages wrapped in
// `Target.sendMessageToTarget`), which Playwright's CDPSession can carry without knowing about them.
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

/** A link as DevTools' presets describe one. */
export interface LinkProfile {
  key: string;
  label: string;
  downKbit: number;
  upKbit: number;
  latencyMs: number;
}

/** The issue's two links: DevTools' 'Slow 4G' and 3G figures. */
export const LINK_PROFILES: LinkProfile[] = [
  { key: 'slow4g', label: 'slow 4G', downKbit: 1600, upKbit: 750, latencyMs: 150 },
  { key: '3g', label: '3G', downKbit: 750, upKbit: 250, latencyMs: 300 },
];

/** One request as the protocol reported it. Times: Node's clock when the events arrived (ms). */
export interface WireRequest {
  targetId: string;
  targetType: string;
  url: string;
  method: string;
  sentAt: number;
  doneAt: number | null;
  status: number | null;
  /** The answer's Content-Encoding, if any. */
  encoding: string | null;
  /** Bytes received on the wire for it: headers and the (compressed) body, `encodedDataLength`. */
  wireBytes: number;
  /** Seconds from the response's headers to its last byte (the protocol's own monotonic clock). */
  bodySeconds: number | null;
  failed: string | null;
}

/** The target types whose requests leave the browser. */
const ATTACHED_TYPES = new Set(['page', 'worker', 'service_worker', 'shared_worker']);

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

interface Attached {
  targetId: string;
  type: string;
  sessionId: string;
  nextId: number;
  pending: Map<number, { resolve: () => void; reject: (error: Error) => void }>;
}

interface ProtocolMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  error?: { message: string };
}

/** What `Network.emulateNetworkConditions` takes: bytes per second, -1 for no limit. */
function conditionsOf(profile: LinkProfile | 'offline' | null) {
  if (profile === 'offline')
    return { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
  if (profile === null) return { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
  return {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: (profile.downKbit * 1000) / 8,
    uploadThroughput: (profile.upKbit * 1000) / 8,
  };
}

export class NetworkLink {
  private readonly attached = new Map<string, Attached>();
  private readonly bySession = new Map<string, Attached>();
  private readonly inFlight = new Map<string, WireRequest & { responseAt: number | null }>();
  private readonly done: WireRequest[] = [];
  private readonly waiters: (() => void)[] = [];
  private profile: LinkProfile | 'offline' | null = null;

  private constructor(private readonly session: CDPSession) {}

  /** Attaches to every target of the browser from now on, with no limit until `set` is called. */
  static async open(browser: Browser): Promise<NetworkLink> {
    const session = await browser.newBrowserCDPSession();
    const link = new NetworkLink(session);
    session.on('Target.targetCreated', (event) => void link.attach(event.targetInfo as TargetInfo));
    session.on('Target.detachedFromTarget', (event) => link.forget(event.sessionId));
    session.on('Target.receivedMessageFromTarget', (event) =>
      link.receive(event.sessionId, JSON.parse(event.message) as ProtocolMessage),
    );
    await session.send('Target.setDiscoverTargets', { discover: true });
    return link;
  }

  /** The link's conditions for every attached target and every one to come: a profile, offline, or none. */
  async set(profile: LinkProfile | 'offline' | null): Promise<void> {
    this.profile = profile;
    await Promise.all(
      [...this.attached.values()].map((target) =>
        this.command(target, 'Network.emulateNetworkConditions', conditionsOf(profile)).catch(
          () => undefined,
        ),
      ),
    );
  }

  /** Resolves once the page's target is attached and has the link's conditions; answers its target id. */
  async attachedPage(context: BrowserContext, page: Page): Promise<string> {
    const own = await context.newCDPSession(page);
    const { targetInfo } = await own.send('Target.getTargetInfo');
    await own.detach();
    const started = Date.now();
    while (!this.attached.has(targetInfo.targetId)) {
      if (Date.now() - started > 10_000) throw new Error('The bench link did not attach to the page');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 500);
      });
    }
    return targetInfo.targetId;
  }

  /** Finished (or failed) requests sent at or after `since` (Node's clock), optionally of one target. */
  requests(since: number, targetId?: string): WireRequest[] {
    return this.done.filter(
      (request) => request.sentAt >= since && (targetId === undefined || request.targetId === targetId),
    );
  }

  /** Requests still open (a page that waits for a slow answer). */
  openRequests(): number {
    return this.inFlight.size;
  }

  async close(): Promise<void> {
    await this.session.detach().catch(() => undefined);
  }

  private async attach(info: TargetInfo): Promise<void> {
    if (!ATTACHED_TYPES.has(info.type) || this.attached.has(info.targetId)) return;
    let sessionId: string;
    try {
      ({ sessionId } = await this.session.send('Target.attachToTarget', {
        targetId: info.targetId,
        flatten: false,
      }));
    } catch {
      return; // Gone before it could be attached (a short-lived worker).
    }
    const target: Attached = {
      targetId: info.targetId,
      type: info.type,
      sessionId,
      nextId: 1,
      pending: new Map(),
    };
    this.bySession.set(sessionId, target);
    // Small buffers: the bench never reads bodies, and scale L's feed is hundreds of MB of JSON.
    await Promise.all([
      this.command(target, 'Network.enable', {
        maxTotalBufferSize: 1_000_000,
        maxResourceBufferSize: 100_000,
      }),
      this.command(target, 'Network.emulateNetworkConditions', conditionsOf(this.profile)),
    ]).catch(() => undefined);
    this.attached.set(info.targetId, target);
    for (const wake of this.waiters.splice(0)) wake();
  }

  private forget(sessionId: string): void {
    const target = this.bySession.get(sessionId);
    if (!target) return;
    this.bySession.delete(sessionId);
    this.attached.delete(target.targetId);
    for (const { reject } of target.pending.values()) reject(new Error('detached'));
  }

  private command(target: Attached, method: string, params: Record<string, unknown>): Promise<void> {
    const id = target.nextId++;
    return new Promise<void>((resolve, reject) => {
      target.pending.set(id, { resolve, reject });
      this.session
        .send('Target.sendMessageToTarget', {
          sessionId: target.sessionId,
          message: JSON.stringify({ id, method, params }),
        })
        .catch((error: unknown) => {
          target.pending.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        });
    });
  }

  private receive(sessionId: string, message: ProtocolMessage): void {
    const target = this.bySession.get(sessionId);
    if (!target) return;
    if (message.id !== undefined) {
      const waiting = target.pending.get(message.id);
      target.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve();
      return;
    }
    const params = message.params ?? {};
    const key = `${target.targetId}:${String(params.requestId)}`;
    switch (message.method) {
      case 'Network.requestWillBeSent': {
        const request = params.request as { url: string; method: string };
        // A redirect reuses the request id: the earlier hop ends here.
        const earlier = this.inFlight.get(key);
        if (earlier) this.finish(key, earlier, null);
        this.inFlight.set(key, {
          targetId: target.targetId,
          targetType: target.type,
          url: request.url,
          method: request.method,
          sentAt: Date.now(),
          doneAt: null,
          status: null,
          encoding: null,
          wireBytes: 0,
          bodySeconds: null,
          failed: null,
          responseAt: null,
        });
        return;
      }
      case 'Network.responseReceived': {
        const request = this.inFlight.get(key);
        if (!request) return;
        const response = params.response as { status: number; headers: Record<string, string> };
        request.status = response.status;
        const encoding = Object.entries(response.headers).find(
          ([name]) => name.toLowerCase() === 'content-encoding',
        );
        request.encoding = encoding?.[1] ?? null;
        request.responseAt = params.timestamp as number;
        return;
      }
      case 'Network.loadingFinished': {
        const request = this.inFlight.get(key);
        if (!request) return;
        request.wireBytes = params.encodedDataLength as number;
        if (request.responseAt !== null)
          request.bodySeconds = (params.timestamp as number) - request.responseAt;
        this.finish(key, request, null);
        return;
      }
      case 'Network.loadingFailed': {
        const request = this.inFlight.get(key);
        if (request) this.finish(key, request, String(params.errorText));
        return;
      }
    }
  }

  private finish(
    key: string,
    request: WireRequest & { responseAt: number | null },
    failed: string | null,
  ): void {
    this.inFlight.delete(key);
    const { responseAt: _responseAt, ...rest } = request;
    this.done.push({ ...rest, doneAt: Date.now(), failed });
  }
}

// The page's side of sync (docs/architecture.md §4): the leader tab runs the worker; other tabs send their
// commands to it over a BroadcastChannel and hear its events back, so every tab shows the same status.
import type { SyncEvent, TokenSource } from '../../workers/sync/api';
import { electLeader } from './leader';
import type { LeaderHandle } from './leader';
import { spawnSyncWorker, startSyncWorker } from './client';
import type { SyncWorker } from './client';

/** A command any tab may give; the leader carries it out. */
export type SyncCommand =
  | { type: 'syncNow'; companyId?: number }
  | { type: 'preload'; companyIds: number[] }
  | { type: 'evict'; companyId: number }
  | { type: 'current'; companyIds: number[] };

type Message = { kind: 'command'; command: SyncCommand } | { kind: 'event'; event: SyncEvent };

/** What the controller needs from the page. */
export interface SyncControllerOptions {
  userId: number;
  companyIds: number[];
  tokens: TokenSource;
  onEvent: (event: SyncEvent) => void;
  onLeaderChange?: (isLeader: boolean) => void;
}

/** The running controller of one signed-in tab. */
export interface SyncController {
  send(command: SyncCommand): void;
  setToken(token: string | null): void;
  notifyOnline(isOnline: boolean): void;
  notifyFocus(): void;
  isLeader(): boolean;
  stop(): Promise<void>;
}

async function carryOut(worker: SyncWorker, command: SyncCommand): Promise<void> {
  switch (command.type) {
    case 'syncNow':
      return worker.api.syncNow(command.companyId);
    case 'preload':
      return worker.api.preloadCompanies(command.companyIds);
    case 'evict':
      await worker.api.evictCompany(command.companyId);
      return;
    case 'current':
      return worker.api.setCurrentCompanies(command.companyIds);
  }
}

/** Starts sync for a user in this tab: leads when it gets the lock, relays otherwise. */
export function startSyncController(options: SyncControllerOptions): SyncController {
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`get-sync-u${options.userId}`);
  let worker: SyncWorker | null = null;
  let companyIds = options.companyIds;
  // Commands given before this tab's worker runs: the leader (another tab) hears them on the channel,
  // and if this tab becomes the leader it carries them out itself, so a quick click is never lost.
  let waiting: SyncCommand[] = [];

  const deliver = (event: SyncEvent) => {
    options.onEvent(event);
    channel?.postMessage({ kind: 'event', event } satisfies Message);
  };

  const run = (command: SyncCommand) => {
    if (command.type === 'current') companyIds = command.companyIds;
    if (worker)
      void carryOut(worker, command).catch((error: unknown) => console.warn('sync command failed', error));
  };

  channel?.addEventListener('message', (message: MessageEvent<Message>) => {
    const data = message.data;
    if (data.kind === 'event' && !worker) options.onEvent(data.event);
    if (data.kind === 'command' && worker) run(data.command);
  });

  const leader: LeaderHandle = electLeader(options.userId, async () => {
    const started = spawnSyncWorker();
    const startedWith = companyIds;
    const startedOnline = navigator.onLine;
    await startSyncWorker(
      started,
      { userId: options.userId, baseUrl: location.origin, companyIds, isOnline: startedOnline },
      options.tokens,
      deliver,
    );
    worker = started;
    // The network may have come or gone while the worker was starting: an online or offline event then found no
    // worker to tell, and a worker started offline would wait for the next event to sync (its queued writes too).
    // Told so when nothing changed, it would pull every company a second time after its first sync.
    if (navigator.onLine !== startedOnline) void started.api.notifyOnline(navigator.onLine);
    // The page may have moved to another company while the worker was starting.
    if (companyIds !== startedWith) run({ type: 'current', companyIds });
    for (const command of waiting) run(command);
    waiting = [];
    options.onLeaderChange?.(true);
    return async () => {
      worker = null;
      options.onLeaderChange?.(false);
      await started.close();
    };
  });

  return {
    send(command) {
      if (worker) {
        run(command);
        return;
      }
      if (command.type !== 'current') waiting.push(command);
      if (command.type === 'current') {
        // The leader keeps its own current company; asking it to sync ours makes it track ours too.
        companyIds = command.companyIds;
        for (const companyId of command.companyIds)
          channel?.postMessage({
            kind: 'command',
            command: { type: 'syncNow', companyId },
          } satisfies Message);
      } else channel?.postMessage({ kind: 'command', command } satisfies Message);
    },
    setToken(token) {
      void worker?.api.setToken(token);
    },
    notifyOnline(isOnline) {
      void worker?.api.notifyOnline(isOnline);
    },
    notifyFocus() {
      void worker?.api.notifyFocus();
    },
    isLeader: () => leader.isLeader(),
    async stop() {
      channel?.close();
      await leader.release();
    },
  };
}

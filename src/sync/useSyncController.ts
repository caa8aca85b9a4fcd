import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { appStore } from '../session/store';
import { accessTokenAtom, sessionAtom } from '../session/atoms';
import { refreshSession, tokenForCall } from '../session/flows';
import { startSyncController } from './controller';
import type { SyncCommand, SyncController } from './controller';
import { reduceSyncEvent, syncUiAtom } from './syncState';
import { workerTokenRefresh } from './workerTokens';

let active: SyncController | null = null;

/** Sends a sync command (Sync now, Make available offline, ...) to the leader tab's worker. */
export function sendSyncCommand(command: SyncCommand): void {
  active?.send(command);
}

/**
 * Runs sync for the signed-in user while the shell is mounted: elects the leader tab, feeds the
 * worker fresh tokens and the browser's online and focus signals, and tells it the current company.
 */
export function useSyncController(companyId: number | null): void {
  const session = useAtomValue(sessionAtom);
  const setUi = useSetAtom(syncUiAtom);
  const userId = session?.userId ?? null;

  useEffect(() => {
    if (userId === null) return;
    const controller = startSyncController({
      userId,
      companyIds: [],
      tokens: {
        getToken: () => tokenForCall(),
        refresh: workerTokenRefresh(refreshSession, () => appStore.get(accessTokenAtom)),
      },
      onEvent: (event) => setUi((state) => reduceSyncEvent(state, event)),
      onLeaderChange: (isLeader) => setUi((state) => ({ ...state, isLeader })),
    });
    active = controller;
    const stopTokens = appStore.sub(accessTokenAtom, () =>
      controller.setToken(appStore.get(accessTokenAtom)),
    );
    const onOnline = () => controller.notifyOnline(true);
    const onOffline = () => controller.notifyOnline(false);
    const onFocus = () => controller.notifyFocus();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    window.addEventListener('focus', onFocus);
    return () => {
      stopTokens();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('focus', onFocus);
      if (active === controller) active = null;
      void controller.stop();
    };
  }, [userId, setUi]);

  useEffect(() => {
    if (companyId !== null) sendSyncCommand({ type: 'current', companyIds: [companyId] });
  }, [companyId, userId]);
}

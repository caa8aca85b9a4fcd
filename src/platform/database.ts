import { useAtomValue } from 'jotai';
import { lookUpPageAnswersAhead } from '../db/pageAnswers';
import { openAppDb } from '../db/schema';
import type { AppDb } from '../db/schema';
import { isAuthorizedAtom, sessionAtom } from '../session/atoms';
import { readCompanyRecordAhead } from './company/useCompanyRecord';
import { companyIdOfPath } from './routeTable';
import { appStore } from '../session/store';

let current: { userId: number; db: AppDb } | null = null;

/** The local database of a user, one instance per tab (Dexie connections are shared per name). */
export function userDb(userId: number): AppDb {
  if (current?.userId !== userId) {
    current?.db.close();
    current = { userId, db: openAppDb(userId) };
  }
  return current.db;
}

/** The signed-in user's local database, or null when signed out. */
export function useUserDb(): AppDb | null {
  const session = useAtomValue(sessionAtom);
  return session ? userDb(session.userId) : null;
}

/**
 * Starts, before the first render (main.tsx), what the first page waits for: opening the signed-in user's database,
 * reading the company record (the shell shows its page once it has it) and looking up the page's stored answers, so
 * they run while the route's code loads instead of after it. As with Dexie's own opening on a first query, a failure
 * is left to the queries, which reject with it.
 */
export function openSignedInDb(): void {
  const session = appStore.get(sessionAtom);
  if (!session || !appStore.get(isAuthorizedAtom)) return;
  const db = userDb(session.userId);
  db.open().catch(() => undefined);
  const companyId = companyIdOfPath(location.pathname) ?? session.companyId;
  if (companyId !== null) readCompanyRecordAhead(db, companyId);
  lookUpAnswersAheadOf(location.pathname);
}

/**
 * Starts looking up the stored answers of the page at `path` (src/db/pageAnswers.ts) while its route's code loads,
 * at the start and at each navigation's first step, so the page's first render can show them.
 */
export function lookUpAnswersAheadOf(path: string): void {
  const session = appStore.get(sessionAtom);
  if (session && appStore.get(isAuthorizedAtom)) lookUpPageAnswersAhead(userDb(session.userId), path);
}

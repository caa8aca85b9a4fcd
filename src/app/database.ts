import { useAtomValue } from 'jotai';
import { openAppDb } from '../db/schema';
import type { AppDb } from '../db/schema';
import { sessionAtom } from '../session/atoms';

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

// Chat sessions of spec 001 §4 and §7: a session belongs to one user and one company and expires after 30 minutes
// without a message (docs/decisions/assistant.md). Kept in the server's memory: a chat holds no data of its own (the history lives in
// the browser's local storage, spec 001 §9), so a restart only means the next message hears the expired text.
import { randomUUID } from 'node:crypto';

/** Idle time after which a session is gone. */
export const CHAT_IDLE_MS = 30 * 60 * 1000;

/** At most this many live sessions; the least recently used go first, so a flood cannot exhaust memory. */
export const CHAT_SESSION_LIMIT = 10_000;

/** One chat. */
export interface ChatSession {
  id: string;
  userId: number;
  companyId: number;
  lastActive: number;
}

/** The live sessions, with a clock the tests can set. */
export interface ChatSessionStore {
  start(userId: number, companyId: number): ChatSession;
  /** The caller's live session (touched), or null when it expired, never existed or is someone else's. */
  touch(id: string, userId: number): ChatSession | null;
  end(id: string, userId: number): boolean;
  size(): number;
}

/** A store of sessions in memory. */
export function createChatSessionStore(
  now: () => number = Date.now,
  idleMs: number = CHAT_IDLE_MS,
  limit: number = CHAT_SESSION_LIMIT,
): ChatSessionStore {
  // A Map keeps insertion order: re-inserting on each touch keeps the least recently used first.
  const sessions = new Map<string, ChatSession>();
  const live = (session: ChatSession) => now() - session.lastActive < idleMs;
  return {
    start(userId, companyId) {
      for (const [id, session] of sessions) if (!live(session)) sessions.delete(id);
      while (sessions.size >= limit) {
        const oldest = sessions.keys().next().value;
        if (oldest === undefined) break;
        sessions.delete(oldest);
      }
      const session = { id: randomUUID(), userId, companyId, lastActive: now() };
      sessions.set(session.id, session);
      return session;
    },
    touch(id, userId) {
      const session = sessions.get(id);
      if (!session || session.userId !== userId) return null;
      sessions.delete(id);
      if (!live(session)) return null;
      session.lastActive = now();
      sessions.set(id, session);
      return session;
    },
    end(id, userId) {
      const session = sessions.get(id);
      if (!session || session.userId !== userId) return false;
      return sessions.delete(id);
    },
    size: () => sessions.size,
  };
}

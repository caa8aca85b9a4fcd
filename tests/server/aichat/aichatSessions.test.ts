import { describe, expect, it } from 'vitest';
import { CHAT_IDLE_MS, createChatSessionStore } from '../../../server/src/areas/assistant/aichatSessions';

describe('chat sessions', () => {
  it('expire after 30 minutes without a message, and each message restarts the wait', () => {
    let now = 0;
    const store = createChatSessionStore(() => now);
    const session = store.start(7, 100);
    now = CHAT_IDLE_MS - 1;
    expect(store.touch(session.id, 7)).not.toBeNull();
    now += CHAT_IDLE_MS - 1;
    expect(store.touch(session.id, 7)).not.toBeNull();
    now += CHAT_IDLE_MS;
    expect(store.touch(session.id, 7)).toBeNull();
    expect(store.size()).toBe(0);
  });

  it('belong to their user', () => {
    const store = createChatSessionStore(() => 0);
    const session = store.start(7, 100);
    expect(store.touch(session.id, 8)).toBeNull();
    expect(store.end(session.id, 8)).toBe(false);
    expect(store.end(session.id, 7)).toBe(true);
    expect(store.end(session.id, 7)).toBe(false);
  });

  it('keep at most the limit, dropping the least recently used and the expired', () => {
    let now = 0;
    const store = createChatSessionStore(() => now, 1000, 2);
    const a = store.start(1, 1);
    const b = store.start(2, 1);
    store.touch(a.id, 1);
    store.start(3, 1);
    expect(store.touch(b.id, 2)).toBeNull();
    expect(store.touch(a.id, 1)).not.toBeNull();
    now = 5000;
    store.start(4, 1);
    expect(store.size()).toBe(1);
  });
});

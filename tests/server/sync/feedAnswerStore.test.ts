// The full-pull answers a machine's server processes share (docs/architecture.md §5 "Several processes"): one process
// makes an answer while the others wait for it, a maker that fails or leaves hands it to the next, and the store
// keeps what its bytes allow. The store itself, as the cluster's primary runs it; the processes' side is proven over
// `npm start`'s own two processes in tests/server/auth/sharedLimits.test.ts.
import { describe, expect, it } from 'vitest';
import { FeedAnswerStore } from '../../../server/src/sync/feedAnswerStore';
import type { Claim, StoredAnswer } from '../../../server/src/sync/feedAnswerStore';

const answer = (text: string): StoredAnswer => ({
  body: Buffer.from(text),
  encoding: 'identity',
  cursor: '0@5r',
  hasMore: true,
});

/** Claims `slot` for process `by`, recording every reply it gets. */
function claimer(store: FeedAnswerStore, slot: string, by: number, now?: number): Claim[] {
  const replies: Claim[] = [];
  store.claim(slot, by, (claim) => replies.push(claim), now);
  return replies;
}

describe('the answers shared by the server processes', () => {
  it('has the first asker make an answer, the others wait for it and receive it made', () => {
    const store = new FeedAnswerStore(1024);
    const first = claimer(store, 'a', 1);
    const second = claimer(store, 'a', 2);
    expect(first).toEqual([{ make: true }]);
    expect(second).toEqual([]);
    store.put('a', answer('page a'));
    expect(second).toEqual([{ made: answer('page a') }]);
    expect(claimer(store, 'a', 2)).toEqual([{ made: answer('page a') }]);
    // Another slot (another start or encoding of a page) is made on its own.
    expect(claimer(store, 'b', 2)).toEqual([{ make: true }]);
  });

  it('hands an answer its maker gave up, or could not finish before leaving, to the next process waiting', () => {
    const store = new FeedAnswerStore(1024);
    claimer(store, 'a', 1);
    const second = claimer(store, 'a', 2);
    const third = claimer(store, 'a', 3);
    store.abandon('a');
    expect(second).toEqual([{ make: true }]);
    expect(third).toEqual([]);
    store.leave(2);
    expect(third).toEqual([{ make: true }]);
    store.put('a', answer('page a'));
    expect(claimer(store, 'a', 1)).toEqual([{ made: answer('page a') }]);
  });

  it('takes a maker silent for longer than its waiters wait to have failed', () => {
    const store = new FeedAnswerStore(1024);
    claimer(store, 'a', 1, 0);
    expect(claimer(store, 'a', 2, 4_000)).toEqual([]);
    expect(claimer(store, 'a', 3, 5_000)).toEqual([{ make: true }]);
  });

  it('drops the least recently asked answers past its bytes', () => {
    const store = new FeedAnswerStore(25);
    for (const slot of ['a', 'b', 'c']) {
      claimer(store, slot, 1);
      store.put(slot, answer(`page ${slot} (10)`));
    }
    // 'a' was dropped for 'c'; asking 'b' again makes it the most recent, so 'd' drops 'c'.
    expect(claimer(store, 'a', 1)).toEqual([{ make: true }]);
    store.abandon('a');
    expect(claimer(store, 'b', 1)).toEqual([{ made: answer('page b (10)') }]);
    claimer(store, 'd', 1);
    store.put('d', answer('page d (10)'));
    expect(claimer(store, 'c', 1)).toEqual([{ make: true }]);
    expect(claimer(store, 'b', 1)).toEqual([{ made: answer('page b (10)') }]);
  });

  it('gives every process one start for the pulls of a company begun within a minute', () => {
    const store = new FeedAnswerStore(1024);
    expect(store.pullStart(7, 100, 0)).toBe(100);
    expect(store.pullStart(7, 104, 0)).toBe(100);
    expect(store.pullStart(8, 50, 0)).toBe(50);
  });
});

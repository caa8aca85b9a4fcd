// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backStackDepth, pushBackEntry } from '../../src/ui/backStack';
import type { BackEntryHandle } from '../../src/ui/backStack';

/** Stands in for react-router's BrowserRouter: a plain (bubble-phase) popstate listener. */
const router = vi.fn<(state: unknown) => void>();
const onRouterPop = (event: PopStateEvent) => router(event.state);
let page = 0;

beforeEach(() => {
  page += 1;
  window.history.pushState({ idx: page, key: `k${page}` }, '', `/page-${page}`);
  router.mockClear();
  window.addEventListener('popstate', onRouterPop);
});

afterEach(() => {
  window.removeEventListener('popstate', onRouterPop);
  expect(backStackDepth()).toBe(0);
});

describe('backStack', () => {
  it('pushes a marked history entry that keeps the router state and URL', () => {
    const before = window.history.length;
    const handle = pushBackEntry(() => {});
    expect(window.history.length).toBe(before + 1);
    expect(window.history.state).toMatchObject({ idx: page, key: `k${page}` });
    expect(window.location.pathname).toBe(`/page-${page}`);
    handle.release();
  });

  it('closes the top entry on Back and keeps that popstate from the router', () => {
    const closed: string[] = [];
    pushBackEntry(() => closed.push('first'));
    pushBackEntry(() => closed.push('second'));
    window.history.back();
    expect(closed).toEqual(['second']);
    expect(backStackDepth()).toBe(1);
    window.history.back();
    expect(closed).toEqual(['second', 'first']);
    expect(window.history.state).toEqual({ idx: page, key: `k${page}` });
    expect(router).not.toHaveBeenCalled();
  });

  it('pops its own history entry on release without closing anything else', () => {
    const onFirst = vi.fn();
    const onSecond = vi.fn();
    const first = pushBackEntry(onFirst);
    const second = pushBackEntry(onSecond);
    const length = window.history.length;
    second.release();
    expect(onFirst).not.toHaveBeenCalled();
    expect(onSecond).not.toHaveBeenCalled();
    expect(backStackDepth()).toBe(1);
    // Back now closes the remaining entry: the released one's history entry is gone.
    window.history.back();
    expect(onFirst).toHaveBeenCalledTimes(1);
    expect(window.history.state).toEqual({ idx: page, key: `k${page}` });
    expect(window.history.length).toBe(length);
    first.release();
    expect(router).not.toHaveBeenCalled();
  });

  it('releases several at once with a single traversal back to the page', () => {
    const handles: BackEntryHandle[] = [
      pushBackEntry(() => {}),
      pushBackEntry(() => {}),
      pushBackEntry(() => {}),
    ];
    const go = vi.spyOn(window.history, 'go');
    for (const handle of handles) handle.release();
    expect(go).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith(-3);
    expect(window.history.state).toEqual({ idx: page, key: `k${page}` });
    go.mockRestore();
  });

  it('skips entries left behind under a router navigation, and lets the router see the page change', () => {
    const handle = pushBackEntry(() => {});
    // The router navigates while the entry is open; the dialog then unmounts and releases it.
    window.history.pushState({ idx: page + 1, key: 'next' }, '', '/elsewhere');
    handle.release();
    expect(window.location.pathname).toBe('/elsewhere');
    window.history.back();
    expect(window.location.pathname).toBe(`/page-${page}`);
    expect(window.history.state).toEqual({ idx: page, key: `k${page}` });
    expect(router).toHaveBeenCalledTimes(1);
    // Forward goes over the dead entry to the page the router pushed.
    window.history.forward();
    expect(window.location.pathname).toBe('/elsewhere');
    expect(window.history.state).toEqual({ idx: page + 1, key: 'next' });
    window.history.back();
  });

  it('opens a new entry after a release in the same tick on top of the page, not on the old one', () => {
    const onOld = vi.fn();
    const onNew = vi.fn();
    const old = pushBackEntry(onOld);
    old.release();
    const fresh = pushBackEntry(onNew);
    window.history.back();
    expect(onNew).toHaveBeenCalledTimes(1);
    expect(onOld).not.toHaveBeenCalled();
    expect(window.history.state).toEqual({ idx: page, key: `k${page}` });
    fresh.release();
  });
});

import { describe, expect, it } from 'vitest';
import { createLinkPace } from '../../workers/sync/linkPace';

describe('link pace', () => {
  it('asks at once until a body has been timed alone on the link, then as the link frees less the lead', () => {
    let now = 0;
    const pace = createLinkPace(() => now);
    expect(pace.delayMs()).toBe(0);
    // 200 kB alone on the link from its headers (300 ms after the ask) to its last byte a second later.
    const first = pace.ask();
    now = 300;
    first.headers(200_000);
    // Headers alone measure no rate yet.
    expect(pace.delayMs()).toBe(0);
    now = 1300;
    first.done();
    // The link is free: ask now.
    expect(pace.delayMs()).toBe(0);
    const second = pace.ask();
    now = 1600;
    second.headers(200_000);
    // Its body ends at 2600 at 200 bytes a millisecond; the next ask goes a lead (300 ms) before.
    expect(pace.delayMs()).toBe(700);
    now = 2000;
    expect(pace.delayMs()).toBe(300);
    now = 2600;
    second.done();
    expect(pace.delayMs()).toBe(0);
  });

  it('does not take the share of a body that had company on the link for the link’s rate', () => {
    let now = 0;
    const pace = createLinkPace(() => now);
    const alone = pace.ask();
    now = 100;
    alone.headers(100_000);
    now = 600;
    alone.done(); // 200 bytes a millisecond, lead 100 ms
    const a = pace.ask();
    const b = pace.ask();
    now = 700;
    a.headers(100_000);
    b.headers(100_000);
    // Two bodies queued on the link: it frees 1,000 ms from now; the next ask goes a lead before.
    expect(pace.delayMs()).toBe(900);
    // They shared the link, each at half its rate: neither lowers the rate measured alone.
    now = 1700;
    a.done();
    b.done();
    const c = pace.ask();
    now = 1800;
    c.headers(100_000);
    expect(pace.delayMs()).toBe(400);
  });

  it('goes by the longest of its recent leads, and by none it cannot size', () => {
    let now = 0;
    const pace = createLinkPace(() => now);
    const built = pace.ask();
    now = 500; // a page the server built first: a long lead
    built.headers(100_000);
    now = 1000;
    built.done(); // 200 bytes a millisecond
    const held = pace.ask();
    now = 1100; // a page it held
    held.headers(100_000);
    // Frees at 1,600; asked 500 ms before, not 100.
    expect(pace.delayMs()).toBe(0);
    now = 1600;
    held.done();
    const unsized = pace.ask();
    now = 1700;
    unsized.headers(null);
    // An answer without its length leaves the link's expected end where it was.
    expect(pace.delayMs()).toBe(0);
    // Four asks later the long lead is forgotten.
    for (let i = 0; i < 4; i++) {
      const next = pace.ask();
      now += 100;
      next.headers(null);
      next.done();
    }
    unsized.done();
    const last = pace.ask();
    now += 100;
    last.headers(100_000);
    expect(pace.delayMs()).toBe(400);
  });
});

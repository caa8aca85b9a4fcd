// When to ask the next feed page (docs/architecture.md §4 "Pages asked ahead"). Bodies downloading together share
// the link, so pages asked as soon as the one before named them arrived together, at the end of the slowest: the
// device sat idle while the link carried three pages at a third of its rate each, then wrote them one after the
// other once the link was done (bench:field, Northwind on slow 4G: 1.7 s between the feed's last byte and the sync's
// end, most of it two pages written after it). Asked so that each body starts as the one before it ends, pages come
// one by one, each written while the next downloads; the ask still goes out a round trip (and the server's time)
// before the link frees, so the link is not left idle either.

/** One request as the pace sees it. */
export interface PacedRequest {
  /** Its answer's headers arrived, with the body's size on the wire when the answer gave it (Content-Length). */
  headers(wireBytes: number | null): void;
  /** Its body has been read (or it failed). */
  done(): void;
}

/** The link as the pull measured it. */
export interface LinkPace {
  /** A request goes out now. */
  ask(): PacedRequest;
  /** How long to wait before asking a page ahead: 0 until the link has been measured, or once it is free. */
  delayMs(): number;
}

/**
 * Recent measures the pace keeps. It goes by their median rate (a body whose headers came late looks faster than the
 * link) and their longest lead: a page the server must build first answers later than one it holds, and asking too
 * early only lets two bodies share the link for a moment, where asking too late leaves it idle.
 */
const KEPT = 4;

function keep(recent: number[], value: number): void {
  recent.push(value);
  if (recent.length > KEPT) recent.shift();
}

function median(values: readonly number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  const high = sorted[Math.floor(sorted.length / 2)];
  const low = sorted[Math.ceil(sorted.length / 2) - 1];
  return high === undefined || low === undefined ? null : (low + high) / 2;
}

/**
 * A pace over `now` (ms). The link's rate is what bodies had alone on it, from their headers to their last byte (a
 * body sharing the link measures its share, not the link); the lead is the time from a request's ask to its headers
 * (the round trip and the server's time).
 */
export function createLinkPace(now: () => number): LinkPace {
  const rates: number[] = [];
  const leads: number[] = [];
  // When the bodies on the link are expected to have arrived, at the rate measured.
  let freeAt = 0;
  const onLink = new Set<{ shared: boolean }>();
  return {
    ask() {
      const askedAt = now();
      let body: { shared: boolean; startedAt: number; wireBytes: number | null } | null = null;
      return {
        headers(wireBytes) {
          const at = now();
          keep(leads, at - askedAt);
          body = { shared: onLink.size > 0, startedAt: at, wireBytes };
          for (const other of onLink) other.shared = true;
          onLink.add(body);
          const bytesPerMs = median(rates);
          if (wireBytes !== null && bytesPerMs !== null)
            freeAt = Math.max(freeAt, at) + wireBytes / bytesPerMs;
        },
        done() {
          if (!body || !onLink.delete(body)) return;
          const at = now();
          const tookMs = at - body.startedAt;
          if (!body.shared && body.wireBytes !== null && body.wireBytes > 0 && tookMs > 0)
            keep(rates, body.wireBytes / tookMs);
          // Nothing left on the link: it is free now, whatever was expected.
          if (onLink.size === 0) freeAt = at;
        },
      };
    },
    delayMs() {
      if (rates.length === 0 || leads.length === 0) return 0;
      return Math.max(0, freeAt - Math.max(...leads) - now());
    },
  };
}

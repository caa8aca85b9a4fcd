// Full-pull pages of the change feed, built and compressed once and answered to every device that asks the same page
// (docs/architecture.md §4 "Cached pages", §9 "Many devices"). A page's key and fingerprint (changeFeed.ts
// `PageProbe`) say what it holds; the cache keeps the JSON and its compressed forms under both, so a device asking a
// page another device asked answers after the probe's cheap query alone, and a page whose rows changed is built anew.
// Compression runs on libuv's thread pool (zlib's asynchronous API), never on the event loop.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { BoundedMap } from '../boundedMap';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encodings the feed answers in, best first; the levels of the server's other answers (server/src/app.ts). */
export type FeedEncoding = 'br' | 'gzip' | 'identity';

/** Smaller bodies gain too little from compression to pay its cost (as server/src/app.ts). */
const COMPRESS_MIN_BYTES = 1024;

function encode(body: Buffer, encoding: FeedEncoding): Promise<Buffer> {
  if (encoding === 'br')
    return brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  if (encoding === 'gzip') return gzipAsync(body, { level: 6 });
  return Promise.resolve(body);
}

/**
 * The encoding to answer in by the request's Accept-Encoding (RFC 9110 §12.5.3): brotli, else gzip, else none; an
 * encoding listed with `q=0` is refused.
 */
export function feedEncoding(acceptEncoding: string | undefined, bytes: number): FeedEncoding {
  if (!acceptEncoding || bytes < COMPRESS_MIN_BYTES) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((text) => text.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * The strong entity tag (RFC 9110 §8.8.3) of a page: the same key, fingerprint and form are the same bytes of JSON.
 * The viewer is part of the key wherever the page's rows depend on it, so two users of one browser who share a tag
 * are owed the same page.
 */
export function feedPageTag(key: string, fingerprint: string, form: string): string {
  return `"${createHash('sha256').update(`${form}\n${key}\n${fingerprint}`).digest('base64url')}"`;
}

/**
 * The entity tag of an answer: its page's tag and the start its cursor carries (`cursorAtStart`), which pulls begun
 * at different versions of the company receive differently.
 */
export function feedAnswerTag(pageTag: string, start: number): string {
  return `"${createHash('sha256').update(`${pageTag}@${start}`).digest('base64url')}"`;
}

/** A page's JSON but its cursor (`head`, an object's text without its closing brace) and the cursor at start 0. */
interface CachedPage {
  tag: string;
  /**
   * The company's version when its tag was last found to hold (`PageProbe.version`): while the company stays at it,
   * no row changed, and the page is answered without probing it again.
   */
  checkedAt: number;
  head: Buffer;
  cursor: string;
  hasMore: boolean;
  pendingBills?: string;
  /** Its bodies by encoding and start, compressed once each. */
  bodies: Map<string, Promise<Buffer>>;
  /** Its JSON and the bodies compressed so far. */
  bytes: number;
}

/**
 * Full-pull pages a process builds and first compresses at once. When many devices begin their pulls together, every
 * page of every audience is built in their first seconds; built side by side, with PostgreSQL's queries, they took
 * both cores and light requests waited behind them. One at a time (the others queued), the light reads' p99 under 50
 * pulls begun within 10 s fell by about a quarter (p95 by two fifths), the server's CPU by a tenth, and pulls' pages
 * came as soon (bench/README.md, "Pages built one at a time").
 */
export const PAGE_BUILDS_AT_ONCE = 1;

/**
 * Runs at most `limit` of the calls given to it at once; the others wait, in the order they came. A call whose key is
 * waiting or running already waits for that call instead of taking a turn of its own, then runs at once: devices
 * asking the same unbuilt page take one turn, and the later ones find the page built.
 */
export function limiter(limit: number): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const queued = new Map<string, Promise<unknown>>();
  const turn = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes to the next waiting call, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
  return async (key, work) => {
    const ahead = queued.get(key);
    if (ahead) {
      // Its failure is its caller's; this call then does its own work.
      await ahead.catch(() => undefined);
      return work();
    }
    const mine = turn(work);
    queued.set(key, mine);
    try {
      return await mine;
    } finally {
      queued.delete(key);
    }
  };
}

/** Tags of pages held elsewhere that a process remembers: a few times the pages of every company's pull. */
const NOTED_TAGS = 10_000;

/** Starts a page keeps compressed bodies for: pulls that began at other versions of the company ask it too. */
const BODIES_PER_PAGE = 8;

/**
 * How long a full pull's start is given to the pulls of its company that begin after it (`pullStart`). A page's body
 * carries its pull's start in the cursor, so pulls begun at different versions need it compressed once each: with
 * 300 devices writing once a minute nearly every pull began at a version of its own, and the compression of every
 * answer was most of the server's work. A pull given an earlier start receives at its end the changes made since,
 * which it would have received in its pages anyway.
 */
export const SHARED_START_MS = 60_000;

/**
 * The start of a full pull of a company beginning now at its `version`: that of a pull of the company begun within
 * `SHARED_START_MS`, unless the company's tombstones no longer reach back to it (`floor`, the oldest start they serve);
 * else the version, given to the pulls that follow.
 */
export class PullStarts {
  /** The start last given to a full pull of each company, and when. */
  private readonly starts = new Map<number, { start: number; at: number }>();

  start(companyId: number, version: number, floor: number, now: number = Date.now()): number {
    const shared = this.starts.get(companyId);
    if (shared && now - shared.at < SHARED_START_MS && shared.start >= floor && shared.start <= version)
      return shared.start;
    this.starts.set(companyId, { start: version, at: now });
    return version;
  }
}

/**
 * Pages by key, the least recently asked dropped first past `maxBytes` (JSON and compressed forms counted). A page is
 * kept without its cursor, which carries the start of the pull that asks it (changeFeed.ts `cursorAtStart`): pulls
 * begun at any version share it.
 */
export class FeedPageCache {
  private readonly pages: BoundedMap<string, CachedPage>;
  private readonly building = new Map<string, Promise<CachedPage>>();
  /** The starts this process gives, when it serves alone (feedAnswerStore.ts shares them between processes). */
  private readonly starts = new PullStarts();
  /** Tags of pages answered from the machine's store, which this process does not hold (`noteTag`). */
  private readonly tags = new BoundedMap<string, { tag: string; checkedAt: number }>(NOTED_TAGS);
  /** Pages answered from the cache and pages built, for the tests and the bench. */
  readonly counts = { hits: 0, builds: 0 };

  constructor(maxBytes: number) {
    this.pages = new BoundedMap(maxBytes, (page) => page.bytes);
  }

  /**
   * The page of `key` if it was found current at the company's `version` (the version a probe read before its
   * fingerprint): nothing was written to the company since, so it still is.
   */
  current(key: string, version: number): CachedPage | undefined {
    if (this.pages.peek(key)?.checkedAt !== version) return undefined;
    this.counts.hits += 1;
    return this.pages.use(key);
  }

  /**
   * The tag of a page of `key` this process answered from the machine's store (`noteTag`) if found current at the
   * company's `version`: while the version stays, it needs no probe of its rows (as `current`).
   */
  notedTag(key: string, version: number): string | undefined {
    const noted = this.tags.peek(key);
    return noted?.checkedAt === version ? noted.tag : undefined;
  }

  /** The tag of a page this process answered from the machine's store, found current at `version`. */
  noteTag(key: string, tag: string, version: number): void {
    this.tags.set(key, { tag, checkedAt: version });
  }

  /** Whether this process holds the page of `key` as `tag` says it is, or is building it. */
  holds(key: string, tag: string): boolean {
    return this.pages.peek(key)?.tag === tag || this.building.has(tag);
  }

  /**
   * The page of `key` as `tag` says it is at the company's `version`, built by `build` unless cached; devices asking a
   * page being built wait for that build rather than starting their own.
   */
  async page(
    key: string,
    tag: string,
    version: number,
    build: () => Promise<{ cursor: string; hasMore: boolean; pendingBills?: string }>,
  ): Promise<CachedPage> {
    const cached = this.pages.peek(key);
    if (cached?.tag === tag) {
      this.counts.hits += 1;
      // The tag held at both versions, so it holds at the later one (a probe reads the version before the rows).
      cached.checkedAt = Math.max(cached.checkedAt, version);
      this.pages.use(key);
      return cached;
    }
    const pending = this.building.get(tag);
    if (pending) {
      this.counts.hits += 1;
      return pending;
    }
    const made = (async () => {
      const { cursor, ...rest } = await build();
      this.counts.builds += 1;
      const head = Buffer.from(JSON.stringify(rest).slice(0, -1));
      const page: CachedPage = {
        tag,
        checkedAt: version,
        head,
        cursor,
        hasMore: rest.hasMore,
        ...(rest.pendingBills === undefined ? {} : { pendingBills: rest.pendingBills }),
        bodies: new Map(),
        bytes: head.length,
      };
      this.pages.set(key, page);
      return page;
    })();
    this.building.set(tag, made);
    try {
      return await made;
    } finally {
      this.building.delete(tag);
    }
  }

  /** The start of a full pull of `companyId` beginning now (`PullStarts`). */
  pullStart(companyId: number, version: number, floor: number, now: number = Date.now()): number {
    return this.starts.start(companyId, version, floor, now);
  }

  /**
   * The page's body with `cursor` (the template's, given the asking pull's start) in `encoding`, compressed once per
   * start (off the event loop) and kept with the page.
   */
  async body(
    key: string,
    page: CachedPage,
    cursor: string,
    acceptEncoding: string | undefined,
  ): Promise<{
    body: Buffer;
    encoding: FeedEncoding;
  }> {
    const encoding = feedEncoding(acceptEncoding, page.head.length);
    const slot = `${encoding}@${cursor}`;
    let body = page.bodies.get(slot);
    if (!body) {
      const json = Buffer.concat([page.head, Buffer.from(`,"cursor":${JSON.stringify(cursor)}}`)]);
      body = encode(json, encoding);
      page.bodies.set(slot, body);
      const [oldest] = page.bodies.keys();
      if (page.bodies.size > BODIES_PER_PAGE && oldest !== undefined) {
        const dropped = await page.bodies.get(oldest);
        page.bodies.delete(oldest);
        page.bytes -= dropped?.length ?? 0;
      }
      page.bytes += (await body).length;
      this.pages.reweigh(key, page);
    }
    return { body: await body, encoding };
  }
}

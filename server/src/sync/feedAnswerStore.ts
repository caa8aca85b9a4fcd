// The full-pull answers of one machine's server processes, kept by the cluster's primary (docs/architecture.md §5
// "Several processes", §4 "Cached pages"). Each process keeps the pages it built (`FeedPageCache`), but devices'
// connections land on every process, so without a common store each process built and compressed every page again,
// and gave every company a pull start of its own: two processes did 60 % more work than one (bench/README.md). The
// primary, which serves no request, keeps the compressed answers and the shared starts; a process asks it before
// building, and the first to ask an answer builds it while the others wait for it. It is a cache: a process that
// gets no reply in time builds the page itself, and a machine's store is its own (several machines each keep one).
import type { Worker } from 'node:cluster';
import { BoundedMap } from '../boundedMap';
import type { FeedEncoding } from './feedPageCache';
import { PullStarts } from './feedPageCache';

/** A full-pull page as sent: its compressed body and what its headers say. */
export interface StoredAnswer {
  body: Buffer;
  encoding: FeedEncoding;
  cursor: string;
  hasMore: boolean;
  pendingBills?: string;
}

/** The store's reply to a process asking an answer: the answer, or that the asker is to make it. */
export type Claim = { made: StoredAnswer } | { make: true };

/** How long a process waits for the primary before building the page itself: the store must never stall a pull. */
const REPLY_MS = 5_000;

/**
 * Answers by slot (a page's answer tag and encoding), the least recently asked dropped first past `maxBytes`. A slot
 * being made has one maker; processes asking it meanwhile wait, and if the maker gives up (an error, an exit) the
 * first of them makes it instead.
 */
export class FeedAnswerStore {
  private readonly answers: BoundedMap<string, StoredAnswer>;
  private readonly making = new Map<
    string,
    { maker: number; since: number; waiting: { by: number; reply: (claim: Claim) => void }[] }
  >();
  private readonly starts = new PullStarts();

  constructor(maxBytes: number) {
    this.answers = new BoundedMap(maxBytes, (answer) => answer.body.length);
  }

  claim(slot: string, by: number, reply: (claim: Claim) => void, now: number = Date.now()): void {
    const made = this.answers.use(slot);
    if (made) {
      reply({ made });
      return;
    }
    const pending = this.making.get(slot);
    // A maker that has not put its answer by the time its waiters give up (REPLY_MS) is taken to have failed; the
    // processes that asked after it may still be waiting, so they wait for the new maker.
    if (pending && now - pending.since < REPLY_MS) pending.waiting.push({ by, reply });
    else {
      this.making.set(slot, { maker: by, since: now, waiting: pending?.waiting ?? [] });
      reply({ make: true });
    }
  }

  put(slot: string, answer: StoredAnswer): void {
    this.answers.set(slot, answer);
    const pending = this.making.get(slot);
    this.making.delete(slot);
    for (const waiter of pending?.waiting ?? []) waiter.reply({ made: answer });
  }

  /** The maker of `slot` will not put it: the first waiting process makes it. */
  abandon(slot: string): void {
    const pending = this.making.get(slot);
    if (!pending) return;
    const [next, ...rest] = pending.waiting;
    if (!next) {
      this.making.delete(slot);
      return;
    }
    this.making.set(slot, { maker: next.by, since: Date.now(), waiting: rest });
    next.reply({ make: true });
  }

  /** Process `by` is gone: what it was making is abandoned, and it waits for nothing. */
  leave(by: number): void {
    for (const [slot, pending] of [...this.making]) {
      pending.waiting = pending.waiting.filter((waiter) => waiter.by !== by);
      if (pending.maker === by) this.abandon(slot);
    }
  }

  /** The start of a full pull of the company beginning now, shared by every process (`PullStarts`). */
  pullStart(companyId: number, version: number, floor: number): number {
    return this.starts.start(companyId, version, floor);
  }
}

/** Messages between a process and the primary's store. */
type Request =
  | { id: number; op: 'claim'; slot: string }
  | { op: 'put'; slot: string; answer: StoredAnswer }
  | { op: 'abandon'; slot: string }
  | { id: number; op: 'start'; companyId: number; version: number; floor: number };
type Reply = { id: number; claim: Claim } | { id: number; start: number };

const CHANNEL = 'feedAnswers';

function isEnvelope(message: unknown): message is { [CHANNEL]: unknown } {
  return typeof message === 'object' && message !== null && CHANNEL in message;
}

/** Advanced serialization hands a Buffer over as a plain Uint8Array. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Runs the store in the cluster's primary for `worker` (called for each forked process). The cluster must be set up
 * with `serialization: 'advanced'`, which hands bodies over as bytes rather than JSON arrays.
 */
export function serveFeedAnswers(store: FeedAnswerStore, worker: Worker): void {
  worker.on('message', (message: unknown) => {
    if (!isEnvelope(message)) return;
    const request = message[CHANNEL] as Request;
    const send = (reply: Reply) => {
      if (worker.isConnected()) worker.send({ [CHANNEL]: reply });
    };
    if (request.op === 'claim')
      store.claim(request.slot, worker.id, (claim) => send({ id: request.id, claim }));
    else if (request.op === 'put')
      store.put(request.slot, { ...request.answer, body: asBuffer(request.answer.body) });
    else if (request.op === 'abandon') store.abandon(request.slot);
    else send({ id: request.id, start: store.pullStart(request.companyId, request.version, request.floor) });
  });
  worker.on('exit', () => store.leave(worker.id));
}

/** A server process's side of the primary's store; null when the process is not a cluster's worker. */
export class SharedFeedAnswers {
  private next = 0;
  private readonly waiting = new Map<number, (reply: Reply | null) => void>();

  private constructor(private readonly send: (message: unknown) => void) {
    process.on('message', (message: unknown) => {
      if (!isEnvelope(message)) return;
      const reply = message[CHANNEL] as Reply;
      this.waiting.get(reply.id)?.(reply);
      this.waiting.delete(reply.id);
    });
  }

  static ofThisProcess(isWorker: boolean): SharedFeedAnswers | null {
    const send = process.send?.bind(process);
    // Once the primary is gone, a send would raise an error no one hears; the asks then go unanswered and time out.
    return isWorker && send
      ? new SharedFeedAnswers((message) => {
          if (process.connected) send(message);
        })
      : null;
  }

  private ask(request: Record<string, unknown>): Promise<Reply | null> {
    const id = (this.next += 1);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(null);
      }, REPLY_MS);
      this.waiting.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      this.send({ [CHANNEL]: { ...request, id } });
    });
  }

  /** The answer of `slot` if made, after waiting for another process making it; else this process is to make it. */
  async claim(slot: string): Promise<Claim> {
    const reply = await this.ask({ op: 'claim', slot });
    if (!reply || !('claim' in reply)) return { make: true };
    const { claim } = reply;
    return 'made' in claim ? { made: { ...claim.made, body: asBuffer(claim.made.body) } } : claim;
  }

  put(slot: string, answer: StoredAnswer): void {
    this.send({ [CHANNEL]: { op: 'put', slot, answer } });
  }

  abandon(slot: string): void {
    this.send({ [CHANNEL]: { op: 'abandon', slot } });
  }

  /** The shared start of a full pull; this process's own (`fallback`) if the primary does not reply. */
  async pullStart(
    companyId: number,
    version: number,
    floor: number,
    fallback: () => number,
  ): Promise<number> {
    const reply = await this.ask({ op: 'start', companyId, version, floor });
    return reply && 'start' in reply ? reply.start : fallback();
  }
}

import cluster from 'node:cluster';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { callerOf, companyOf } from '../../auth/access';
import { CompanyIdParams } from '../../http/commonSchemas';
import { CURSOR_PATTERN, cursorAtStart, parseCursor, probeChanges } from '../../sync/changeFeed';
import { SharedFeedAnswers } from '../../sync/feedAnswerStore';
import type { StoredAnswer } from '../../sync/feedAnswerStore';
import {
  FeedPageCache,
  PAGE_BUILDS_AT_ONCE,
  feedAnswerTag,
  feedEncoding,
  feedPageTag,
  limiter,
} from '../../sync/feedPageCache';
import { COLUMN_FORM, packPage } from '../../../../src/domain/feedColumns';
import {
  FEED_CURSOR_HEADER,
  FEED_HAS_MORE_HEADER,
  FEED_PENDING_BILLS_HEADER,
} from '../../../../src/domain/syncProtocol';

const MAX_PAGE = 5000;
const DEFAULT_PAGE = 1000;

/** `GET /api/sync/{companyId}/changes`: the change feed of one company (docs/architecture.md §4). */
export async function syncRoutes(app: App, { db, config }: AppDeps): Promise<void> {
  // A page of 1,000 bills is ~0.8 MB of JSON and ~0.1 MB compressed: the default 256 MB hold the ~250 pages of five
  // readers' full pulls of the demo, so devices that begin a pull minutes apart still share them (bench:load).
  const cache = new FeedPageCache(config.feedCacheMb * 1024 * 1024);
  // The answers and pull starts every process of the machine shares, kept by the cluster's primary (server/src/main.ts).
  const shared = SharedFeedAnswers.ofThisProcess(cluster.isWorker);
  const oneBuild = limiter(PAGE_BUILDS_AT_ONCE);
  app.get(
    '/api/sync/:companyId/changes',
    {
      config: { access: { company: { from: 'param', name: 'companyId' } } },
      schema: {
        params: CompanyIdParams,
        querystring: Type.Object(
          {
            since: Type.Optional(Type.String({ pattern: CURSOR_PATTERN })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
            // The column form (src/domain/feedColumns.ts), which the sync worker asks for; without it, rows.
            form: Type.Optional(Type.Literal(COLUMN_FORM)),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const since = request.query.since === undefined ? null : parseCursor(request.query.since);
      const caller = callerOf(request);
      const form = request.query.form ?? 'rows';
      // The company's flags as they are now (the access hook read its row for this request).
      const probe = await probeChanges(db, {
        reader: { roles: caller.roles, company: companyOf(request) },
        userId: caller.userId,
        since,
        limit: request.query.limit ?? DEFAULT_PAGE,
        pullStart: (companyId, version, floor) => {
          const own = () => cache.pullStart(companyId, version, floor);
          return shared ? shared.pullStart(companyId, version, floor, own) : own();
        },
      });
      const pack = async () => {
        const page = await probe.read();
        return form === COLUMN_FORM ? packPage(page) : page;
      };
      /** The page's cursor, whether more follows and which bills are still coming, also as headers before the body. */
      const announce = (page: { cursor: string; hasMore: boolean; pendingBills?: string }) => {
        reply.header(FEED_CURSOR_HEADER, page.cursor).header(FEED_HAS_MORE_HEADER, page.hasMore ? '1' : '0');
        if (page.pendingBills !== undefined) reply.header(FEED_PENDING_BILLS_HEADER, page.pendingBills);
      };
      if (probe.key === null) {
        const page = await pack();
        announce(page);
        return page;
      }

      // A full pull's page (docs/architecture.md §4 "Cached pages"): the same key and fingerprint are the same bytes,
      // so it carries a strong tag, is revalidated by it (a browser's HTTP cache does so by itself) and is built and
      // compressed once for every device that asks it.
      const cursor = (page: { cursor: string }) => cursorAtStart(page.cursor, probe.start);
      const key = `${form}/${probe.key}`;
      // A page found current at the company's version needs no probe of its rows while that version stays.
      const current = cache.current(key, probe.version);
      const tag =
        current?.tag ??
        cache.notedTag(key, probe.version) ??
        feedPageTag(probe.key, await probe.fingerprint(), form);
      const answerTag = feedAnswerTag(tag, probe.start);
      reply
        .header('ETag', answerTag)
        .header('Cache-Control', 'private, no-cache')
        .header('Vary', 'Accept-Encoding');
      if (request.headers['if-none-match']?.split(',').some((candidate) => candidate.trim() === answerTag))
        return reply.status(304).send();
      const acceptEncoding = request.headers['accept-encoding'];
      /** The answer as this process holds it, or builds it. */
      const own = async (): Promise<StoredAnswer> => {
        const make = async () => {
          // Whether this call builds the page (`cache.page` marks it as being built at once).
          if (!current && !cache.holds(key, tag)) reply.header('Cache-Status', 'feed; fwd=miss; stored');
          const page = current ?? (await cache.page(key, tag, probe.version, pack));
          const sent = cursor(page);
          return { page, sent, ...(await cache.body(key, page, sent, acceptEncoding)) };
        };
        // A page to build waits for the process's build under way (PAGE_BUILDS_AT_ONCE), or for the turn another
        // request took to build the same page; a held one is answered now.
        const toBuild = !current && !cache.holds(key, tag);
        const { page, sent, body, encoding } = toBuild ? await oneBuild(tag, make) : await make();
        const pending = page.pendingBills === undefined ? {} : { pendingBills: page.pendingBills };
        return { body, encoding, cursor: sent, hasMore: page.hasMore, ...pending };
      };
      const send = (answer: StoredAnswer) => {
        announce(answer);
        if (!reply.hasHeader('Cache-Status')) reply.header('Cache-Status', 'feed; hit');
        // A Content-Encoding set here tells @fastify/compress the body is compressed already.
        if (answer.encoding !== 'identity') reply.header('Content-Encoding', answer.encoding);
        return reply.type('application/json; charset=utf-8').send(answer.body);
      };
      if (!shared || current || cache.holds(key, tag)) return send(await own());
      // Not held here: another process of the machine may have built it (feedAnswerStore.ts).
      const slot = `${answerTag}/${feedEncoding(acceptEncoding, Number.POSITIVE_INFINITY)}`;
      const claim = await shared.claim(slot);
      if ('made' in claim) {
        cache.noteTag(key, tag, probe.version);
        return send(claim.made);
      }
      try {
        const answer = await own();
        shared.put(slot, answer);
        return send(answer);
      } catch (error) {
        shared.abandon(slot);
        throw error;
      }
    },
  );
}

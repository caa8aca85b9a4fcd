// The change feed serves an entity's rows only to users who may open its area of the company, with the company's
// flags as they are now (src/domain/syncProtocol.ts mayReadEntity, the API's area rule of src/domain/nav.ts), and a
// device that synced before a change of access holds after it exactly what a new device would
// (docs/architecture.md §4, spec 000 §6).
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../../server/src/db/schema';
import { DEMO_USERS } from '../../../server/src/seed';
import { SYNCED_TABLES } from '../../../server/src/sync/entities';
import { bumpCompanyVersion } from '../../../server/src/sync/versioning';
import { AREA_KEYS, canOpenArea } from '../../../src/domain/nav';
import { parseRoles } from '../../../src/domain/roles';
import { SYNCED_ENTITIES, SYNCED_ENTITY_NAMES, mayReadEntity } from '../../../src/domain/syncProtocol';
import type { ChangePage, FeedContext, SyncedEntityName } from '../../../src/domain/syncProtocol';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';
import { feedReader } from '../../helpers/feedCursor';
import { call } from '../../helpers/testServer';
import { tokenFor } from '../../helpers/fixtures';

let demo: DemoServer;
let northwind: number;
/** A token per demo user who reaches Northwind, by email. */
const tokens = new Map<string, string>();
/** The entities that have rows in Northwind, read with every flag on by each reader. */
const present = new Map<string, Set<SyncedEntityName>>();

const READERS = [
  'super@get.demo',
  'consultant@get.demo',
  'admin@northwind.demo',
  'client@northwind.demo',
  'limited@northwind.demo',
] as const;
type Reader = (typeof READERS)[number];

const FLAGS = [
  'alertsAccess',
  'budgetsAccess',
  'apAccess',
  'billPayAccess',
  'openCloseAccess',
  'energyStarAccess',
  'companyHasSupportAccess',
  'accrualsAccess',
] as const;
type Flags = Record<(typeof FLAGS)[number], boolean> & { companyTypeId: number };
const ALL_ON: Flags = { ...Object.fromEntries(FLAGS.map((flag) => [flag, true])), companyTypeId: 1 } as Flags;

function userOf(email: Reader) {
  const user = DEMO_USERS.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`no demo user ${email}`);
  return user;
}

/** Sets the company's flags as the super consultant's flag route does: one new company version. */
async function setFlags(flags: Flags): Promise<void> {
  await demo.server.db.transaction(async (tx) => {
    const version = await bumpCompanyVersion(tx, northwind);
    await tx
      .update(companies)
      .set({ ...flags, version })
      .where(eq(companies.id, northwind));
  });
}

/** A device's copy of the company: rows by entity and id, kept as the sync worker keeps them (410: clear, pull again). */
type Copy = Map<string, unknown>;

/** Pulls from `cursor` to the end as `reader`, applying pages to `copy`; answers the cursor it ends on. */
async function pull(reader: Reader, copy: Copy, cursor: string | null): Promise<string> {
  let since = cursor;
  for (let resets = 0; ;) {
    const query = `limit=5000${since === null ? '' : `&since=${encodeURIComponent(since)}`}`;
    const res = await call<ChangePage>(demo.server, 'GET', `/api/sync/${northwind}/changes?${query}`, {
      token: tokens.get(reader),
    });
    if (res.status === 410) {
      expect(resets++, 'a fresh pull is never refused').toBe(0);
      copy.clear();
      since = null;
      continue;
    }
    expect(res.status).toBe(200);
    for (const change of res.body.changes) {
      const key = `${change.entity}:${change.id}`;
      if (change.op === 'del') copy.delete(key);
      else copy.set(key, change.row);
    }
    since = res.body.cursor;
    if (!res.body.hasMore) return since;
  }
}

function entitiesOf(copy: Copy): Set<string> {
  return new Set([...copy.keys()].map((key) => key.split(':')[0] ?? ''));
}

/** Entities of rows only their own user reads (grid settings, saved filters): present per reader. */
const isPerUser = (name: SyncedEntityName) =>
  name !== 'companies' && SYNCED_TABLES[name].userId !== undefined;

/** What the feed must carry to `reader`: the entities with rows in the company that the reader may read now. */
function expectedEntities(reader: Reader, ctx: FeedContext): string[] {
  const everyone = present.get('super@get.demo') ?? new Set();
  const own = present.get(reader) ?? new Set();
  return SYNCED_ENTITY_NAMES.filter(
    (name) => (isPerUser(name) ? own.has(name) : everyone.has(name)) && mayReadEntity(name, ctx),
  ).sort();
}

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  for (const email of READERS) {
    const user = userOf(email);
    tokens.set(
      email,
      await tokenFor(demo.server.config, { id: user.id, companyId: user.companyId, roles: [...user.roles] }),
    );
  }
  await setFlags(ALL_ON);
  for (const email of READERS) {
    const copy: Copy = new Map();
    await pull(email, copy, null);
    present.set(email, entitiesOf(copy) as Set<SyncedEntityName>);
  }
}, SEED_TIMEOUT_MS * 3);

afterAll(async () => {
  await demo.server.close();
});

describe('the change feed follows the area rule', () => {
  it('holds a row of every synced entity in the demo company, so the property below tests each', () => {
    expect([...(present.get('super@get.demo') ?? [])].sort()).toEqual(
      SYNCED_ENTITY_NAMES.filter((name) => !isPerUser(name)).sort(),
    );
  });

  it('sends a limited client none of Alerts, Contracts, Budgets, Bill Pay, Reports or Open/Close (spec 000 §6)', () => {
    const carried = present.get('limited@northwind.demo') ?? new Set();
    for (const name of SYNCED_ENTITY_NAMES) {
      const area = SYNCED_ENTITIES[name].area;
      if (
        area &&
        ['alerts', 'contracts', 'budgets', 'billpay', 'reports', 'opencloseaccounts'].includes(area)
      )
        expect(carried.has(name), name).toBe(false);
    }
    expect(carried.has('bills')).toBe(true);
    expect(carried.has('locations')).toBe(true);
  });

  it('carries, for every reader and set of flags, the entities of exactly the areas the reader may open', async () => {
    const flagsArb = fc.record({
      ...Object.fromEntries(FLAGS.map((flag) => [flag, fc.boolean()])),
      companyTypeId: fc.constantFrom(1, 2),
    }) as fc.Arbitrary<Flags>;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...READERS), flagsArb, async (reader, flags) => {
        await setFlags(flags);
        const ctx = await feedReader(demo.server.db, northwind, parseRoles([...userOf(reader).roles]));
        const copy: Copy = new Map();
        await pull(reader, copy, null);
        expect([...entitiesOf(copy)].sort()).toEqual(expectedEntities(reader, ctx));
        // Read the other way: the areas whose rows arrived are areas the reader may open.
        const areas = new Set<string | null>(
          [...entitiesOf(copy)].map((name) => SYNCED_ENTITIES[name as SyncedEntityName].area),
        );
        for (const area of AREA_KEYS) if (areas.has(area)) expect(canOpenArea(area, ctx), area).toBe(true);
      }),
      { numRuns: 40, seed: 20261128 },
    );
    await setFlags(ALL_ON);
  }, 240_000);

  it('leaves a device that synced before a change of access holding what a new device holds after it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Reader>('client@northwind.demo', 'consultant@get.demo', 'admin@northwind.demo'),
        fc.constantFrom(...FLAGS),
        async (reader, flag) => {
          await setFlags(ALL_ON);
          const device: Copy = new Map();
          let cursor = await pull(reader, device, null);
          // Switched off and on again: the device loses the area's rows, then gets them back in full.
          for (const value of [false, true]) {
            await setFlags({ ...ALL_ON, [flag]: value });
            cursor = await pull(reader, device, cursor);
            const fresh: Copy = new Map();
            await pull(reader, fresh, null);
            expect([...device.keys()].sort()).toEqual([...fresh.keys()].sort());
          }
        },
      ),
      { numRuns: 12, seed: 20261128 },
    );
  }, 240_000);

  it('serves a flag switched off through the super consultant’s route: the client’s next poll starts over without bill pay', async () => {
    await setFlags(ALL_ON);
    const device: Copy = new Map();
    const cursor = await pull('client@northwind.demo', device, null);
    expect(entitiesOf(device).has('paymentConfirmations')).toBe(true);
    const off = await demo.as('superConsultant', 'PUT', '/api/companies/setCompanyAccess', {
      body: { companyId: northwind, billPayAccess: false },
    });
    expect(off.status).toBe(200);
    const poll = await call(
      demo.server,
      'GET',
      `/api/sync/${northwind}/changes?since=${encodeURIComponent(cursor)}`,
      {
        token: tokens.get('client@northwind.demo'),
      },
    );
    expect(poll.status).toBe(410);
    await pull('client@northwind.demo', device, cursor);
    for (const name of ['paymentConfirmations', 'clientDeposits', 'accruals'])
      expect(entitiesOf(device).has(name), name).toBe(false);
    const refused = await call(demo.server, 'GET', '/api/billPayPaymentConfirmation', {
      token: tokens.get('client@northwind.demo'),
    });
    expect(refused.status).toBe(403);
    await setFlags(ALL_ON);
  });
});

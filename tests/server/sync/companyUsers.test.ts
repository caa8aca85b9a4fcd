import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../server/src/db/schema';
import { touchUsers } from '../../../server/src/sync/userDirectory';
import { runSyncedWrite } from '../../../server/src/sync/syncedWrite';
import { writeTombstone } from '../../../server/src/sync/versioning';
import type { ChangePage } from '../../../src/domain/syncProtocol';
import { seedWorld, worldTokens } from '../../helpers/companyWorld';
import type { RoleName, World } from '../../helpers/companyWorld';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';

let server: TestServer;
let world: World;
let tokens: Record<RoleName, string>;
/** Every user's email, by role. */
let emails: Record<RoleName, string>;

beforeAll(async () => {
  server = await startTestServer({
    seed: async (db) => {
      world = await seedWorld(db);
    },
  });
  tokens = await worldTokens(server.config, world);
  const rows = await server.db.select({ id: users.id, email: users.email }).from(users);
  emails = Object.fromEntries(
    Object.entries(world.users).map(([role, user]) => [
      role,
      rows.find((row) => row.id === user.id)?.email ?? '',
    ]),
  ) as Record<RoleName, string>;
}, 60_000);

afterAll(async () => {
  await server.close();
});

/** Pulls a company's whole feed after `since` as one viewer; answers the pages' text and the changes. */
async function pull(role: RoleName, companyId: number, since: string | null = null) {
  const changes: ChangePage['changes'] = [];
  let text = '';
  let cursor = since;
  for (;;) {
    const query = `limit=3${cursor === null ? '' : `&since=${encodeURIComponent(cursor)}`}`;
    const res = await call<ChangePage>(server, 'GET', `/api/sync/${companyId}/changes?${query}`, {
      token: tokens[role],
    });
    expect(res.status, `${role} pulls company ${companyId}`).toBe(200);
    text += JSON.stringify(res.body);
    changes.push(...res.body.changes);
    cursor = res.body.cursor;
    if (!res.body.hasMore) return { changes, text, cursor };
  }
}

const OTHER_USERS_OF_A: RoleName[] = [
  'clientAdmin',
  'limitedClient',
  'superConsultant',
  'consultant',
  'clientOfB',
];

describe('the company users list in the change feed', () => {
  it.each<RoleName>(['client', 'limitedClient'])(
    'never sends a %s other users’ emails, nor the list',
    async (role) => {
      const { changes, text } = await pull(role, world.a.id);
      expect(changes.some((change) => change.entity === 'companyUsers')).toBe(false);
      for (const other of OTHER_USERS_OF_A.filter((name) => name !== role))
        expect(text).not.toContain(emails[other]);
      // The profile is for everyone who may open the company.
      expect(changes.some((change) => change.entity === 'companyProfiles')).toBe(true);
    },
  );

  it.each<RoleName>(['clientAdmin', 'consultant', 'superConsultant'])(
    'sends a %s the company’s users with their roles, never a password hash',
    async (role) => {
      const { changes } = await pull(role, world.a.id);
      const rows = changes
        .filter((change) => change.entity === 'companyUsers')
        .map((change) => change.row ?? {});
      expect(rows.map((row) => row.email).sort()).toEqual(
        [emails.clientAdmin, emails.client, emails.limitedClient].sort(),
      );
      expect(rows.find((row) => row.email === emails.clientAdmin)).toMatchObject({
        id: String(world.users.clientAdmin.id),
        companyId: world.a.id,
        firstName: 'Test',
        isActive: true,
        roles: ['Admin', 'Client'],
      });
      for (const row of rows)
        expect(Object.keys(row).sort()).toEqual(
          [
            'companyId',
            'email',
            'firstName',
            'id',
            'isActive',
            'lastName',
            'roles',
            'updatedAt',
            'version',
          ].sort(),
        );
    },
  );

  it('sends a changed user to admins at their next sync, and nothing of it to clients', async () => {
    const admin = await pull('clientAdmin', world.a.id);
    const client = await pull('client', world.a.id);
    await server.db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, world.users.limitedClient.id));
      await touchUsers(tx, [world.users.limitedClient.id]);
    });
    const adminNext = await pull('clientAdmin', world.a.id, admin.cursor);
    expect(adminNext.changes).toEqual([
      expect.objectContaining({ entity: 'companyUsers', id: String(world.users.limitedClient.id) }),
    ]);
    expect(adminNext.changes[0]?.row).toMatchObject({ firstName: 'Renamed' });
    const clientNext = await pull('client', world.a.id, client.cursor);
    expect(clientNext.changes).toEqual([]);
    expect(clientNext.text).not.toContain(emails.limitedClient);
  });

  it('serves a removed user’s tombstone to admins only', async () => {
    const admin = await pull('clientAdmin', world.a.id);
    const client = await pull('client', world.a.id);
    await runSyncedWrite(
      server.db,
      {
        companyId: world.a.id,
        userId: world.users.clientAdmin.id,
        idempotencyKey: undefined,
        method: 'DELETE',
        path: '/t',
      },
      async (tx, version) => {
        await writeTombstone(tx, world.a.id, 'companyUsers', '999999', version);
        return { statusCode: 200, body: null };
      },
    );
    expect((await pull('clientAdmin', world.a.id, admin.cursor)).changes).toEqual([
      expect.objectContaining({ entity: 'companyUsers', op: 'del', id: '999999' }),
    ]);
    expect((await pull('client', world.a.id, client.cursor)).changes).toEqual([]);
  });

  it('answers 410 to a cursor made for another role, so a promoted or demoted user pulls the company again', async () => {
    const client = await pull('client', world.a.id);
    // A cursor names what its reader may not read: the users list for a client, nothing for an admin.
    expect(client.cursor).toMatch(/~hide\.([A-Za-z]+\.)*companyUsers(\.|$)/);
    const asAdmin = await call(server, 'GET', `/api/sync/${world.a.id}/changes?since=${client.cursor}`, {
      token: tokens.clientAdmin,
    });
    expect(asAdmin.status).toBe(410);
    const admin = await pull('clientAdmin', world.a.id);
    expect(admin.cursor).not.toContain('companyUsers');
    const asClient = await call(
      server,
      'GET',
      `/api/sync/${world.a.id}/changes?since=${encodeURIComponent(admin.cursor)}`,
      { token: tokens.client },
    );
    expect(asClient.status).toBe(410);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { companyVersion, seedWorld, worldTokens } from '../../helpers/companyWorld';
import type { RoleName, World } from '../../helpers/companyWorld';
import { locationAttributeValues, tombstones } from '../../../server/src/db/schema';
import { bumpCompanyVersion } from '../../../server/src/sync/versioning';

interface AttributeRow {
  id: string;
  companyId: number;
  attributeName: string;
  position: number;
  version: number;
}

let server: TestServer;
let world: World;
let tokens: Record<RoleName, string>;

beforeAll(async () => {
  server = await startTestServer({
    seed: async (db) => {
      world = await seedWorld(db);
    },
  });
  tokens = await worldTokens(server.config, world);
});

afterAll(async () => {
  await server.close();
});

async function listOf(companyId: number, token: string) {
  return call<AttributeRow[]>(server, 'GET', `/api/companies/${companyId}/companyCustomAttribute`, { token });
}

describe('GET /api/companies/:companyId/companyCustomAttribute', () => {
  it('lists the company’s attributes for every role of the company', async () => {
    const res = await listOf(world.a.id, tokens.limitedClient);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ id: world.a.attributeId, attributeName: 'Region', companyId: world.a.id }),
    ]);
  });
});

describe('PUT /api/:companyId/editCustomAttributes', () => {
  it('renames, adds, reorders and removes, with tombstones for removed rows and their values', async () => {
    const company = world.child;
    // A value of the attribute that will be removed, so its tombstone can be checked too.
    const valueId = await server.db.transaction(async (tx) => {
      const version = await bumpCompanyVersion(tx, company.id);
      const [row] = await tx
        .insert(locationAttributeValues)
        .values({
          companyId: company.id,
          version,
          locationId: company.locationId,
          attributeId: company.attributeId,
          value: 'South',
        })
        .returning({ id: locationAttributeValues.id });
      return row?.id ?? '';
    });
    const offlineId = '0b7c6f1e-5d0a-4c1e-9a53-2f9a7b4f8e11';

    const add = await call<{ customAttributes: AttributeRow[]; company: { id: number; version: number } }>(
      server,
      'PUT',
      `/api/${company.id}/editCustomAttributes`,
      {
        token: tokens.superConsultant,
        body: {
          customAttributes: [
            { id: company.attributeId, attributeName: ' Sales Region ' },
            { id: offlineId, attributeName: 'District' },
            { attributeName: 'Format' },
          ],
        },
      },
    );
    expect(add.status).toBe(200);
    expect(add.body.customAttributes.map((row) => [row.attributeName, row.position])).toEqual([
      ['Sales Region', 0],
      ['District', 1],
      ['Format', 2],
    ]);
    expect(add.body.customAttributes[1]?.id).toBe(offlineId);
    const version = await companyVersion(server.db, company.id);
    expect(add.body.customAttributes.every((row) => row.version === version)).toBe(true);
    expect(add.body.company).toMatchObject({ id: company.id, version });

    const remove = await call<{ customAttributes: AttributeRow[] }>(
      server,
      'PUT',
      `/api/${company.id}/editCustomAttributes`,
      {
        token: tokens.superConsultant,
        body: { customAttributes: [{ id: offlineId, attributeName: 'District' }] },
        headers: { 'if-match': String(version) },
      },
    );
    expect(remove.status).toBe(200);
    expect(remove.body.customAttributes).toEqual([expect.objectContaining({ id: offlineId, position: 0 })]);

    const deleted = await server.db.select().from(tombstones).where(eq(tombstones.companyId, company.id));
    const removedVersion = await companyVersion(server.db, company.id);
    expect(
      deleted
        .filter((row) => row.version === removedVersion)
        .map((row) => [row.entity, row.entityId])
        .sort(),
    ).toEqual(
      [
        ['customAttributes', company.attributeId],
        ['customAttributes', add.body.customAttributes[2]?.id ?? ''],
        ['locationAttributeValues', valueId],
      ].sort(),
    );
    const values = await server.db
      .select()
      .from(locationAttributeValues)
      .where(eq(locationAttributeValues.companyId, company.id));
    expect(values).toEqual([]);
  });

  it('checks If-Match against the company record, which every change of the list moves', async () => {
    const path = `/api/${world.a.id}/editCustomAttributes`;
    const before = await listOf(world.a.id, tokens.consultant);
    const record = await call<{ id: number; version: number }>(
      server,
      'GET',
      `/api/companies/${world.a.id}`,
      {
        token: tokens.consultant,
      },
    );
    const stale = await call<{
      current: { company: { id: number; version: number }; customAttributes: unknown };
    }>(server, 'PUT', path, {
      token: tokens.consultant,
      body: { customAttributes: [] },
      headers: { 'if-match': String(record.body.version - 1) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual({
      company: expect.objectContaining({ id: world.a.id, version: record.body.version }),
      customAttributes: before.body,
    });
    expect((await listOf(world.a.id, tokens.consultant)).body).toEqual(before.body);

    // The same list changes nothing, so the company keeps its version.
    const same = before.body.map((row) => ({ id: row.id, attributeName: row.attributeName }));
    const unchanged = await call<{ company: { version: number } }>(server, 'PUT', path, {
      token: tokens.consultant,
      body: { customAttributes: same },
      headers: { 'if-match': String(record.body.version) },
    });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.company.version).toBe(record.body.version);

    // A change answers the company with the write's version; the old version is stale from then on.
    const added = await call<{ company: { version: number }; customAttributes: AttributeRow[] }>(
      server,
      'PUT',
      path,
      {
        token: tokens.consultant,
        body: { customAttributes: [...same, { attributeName: 'Zone' }] },
        headers: { 'if-match': String(record.body.version) },
      },
    );
    expect(added.status).toBe(200);
    expect(added.body.company.version).toBe(await companyVersion(server.db, world.a.id));
    const again = await call(server, 'PUT', path, {
      token: tokens.consultant,
      body: { customAttributes: same },
      headers: { 'if-match': String(record.body.version) },
    });
    expect(again.status).toBe(409);
    const restored = await call(server, 'PUT', path, {
      token: tokens.consultant,
      body: { customAttributes: same },
      headers: { 'if-match': String(added.body.company.version) },
    });
    expect(restored.status).toBe(200);
    expect((await listOf(world.a.id, tokens.consultant)).body.map((row) => row.id)).toEqual(
      before.body.map((row) => row.id),
    );
  });

  it('is a consultant’s job: clients of the company get 404 and nothing changes', async () => {
    const version = await companyVersion(server.db, world.a.id);
    for (const role of ['clientAdmin', 'client', 'limitedClient'] as const) {
      const res = await call(server, 'PUT', `/api/${world.a.id}/editCustomAttributes`, {
        token: tokens[role],
        body: { customAttributes: [] },
      });
      expect(res.status).toBe(404);
    }
    expect(await companyVersion(server.db, world.a.id)).toBe(version);
    expect((await listOf(world.a.id, tokens.client)).body).toHaveLength(1);
  });

  it('rejects blank and repeated names, repeated ids and another company’s attribute id', async () => {
    const res = await call(server, 'PUT', `/api/${world.a.id}/editCustomAttributes`, {
      token: tokens.superConsultant,
      body: {
        customAttributes: [
          { id: world.a.attributeId, attributeName: 'Region' },
          { attributeName: ' region ' },
          { attributeName: '  ' },
          { id: world.a.attributeId, attributeName: 'Other' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        fields: {
          'body.customAttributes.1.attributeName': 'is repeated',
          'body.customAttributes.2.attributeName': 'must not be blank',
          'body.customAttributes.3.id': 'is repeated',
        },
      },
    });

    const version = await companyVersion(server.db, world.a.id);
    const foreign = await call(server, 'PUT', `/api/${world.a.id}/editCustomAttributes`, {
      token: tokens.superConsultant,
      body: { customAttributes: [{ id: world.b.attributeId, attributeName: 'Stolen' }] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({
      error: { fields: { 'body.customAttributes.0.id': 'is not an attribute of this company' } },
    });
    expect(await companyVersion(server.db, world.a.id)).toBe(version);
    expect((await listOf(world.b.id, tokens.clientOfB)).body).toEqual([
      expect.objectContaining({ id: world.b.attributeId, attributeName: 'Region' }),
    ]);
  });
});

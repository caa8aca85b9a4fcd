import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { companyVersion, rowCounts, seedWorld, worldTokens } from '../../helpers/companyWorld';
import type { RoleName, World } from '../../helpers/companyWorld';
import { tombstones } from '../../../server/src/db/schema';

interface SiteTagRow {
  id: string;
  locationId: string;
  tagId: string;
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

describe('GET /api/companies/:companyId/tags', () => {
  it('lists the company’s tags', async () => {
    const res = await call(server, 'GET', `/api/companies/${world.a.id}/tags`, { token: tokens.client });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: world.a.tagIds[0],
        text: 'Alpha Stores east',
        isActive: true,
        companyId: world.a.id,
      }),
      expect.objectContaining({ id: world.a.tagIds[1], text: 'Alpha Stores west' }),
    ]);
  });
});

describe('GET /api/site/:id/associateTags', () => {
  it('answers the tag ids of the site', async () => {
    const res = await call<{ tagIds: string[]; siteTags: SiteTagRow[] }>(
      server,
      'GET',
      `/api/site/${world.a.locationId}/associateTags`,
      {
        token: tokens.limitedClient,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.tagIds).toEqual([world.a.tagIds[0]]);
    expect(res.body.siteTags).toEqual([
      expect.objectContaining({ locationId: world.a.locationId, tagId: world.a.tagIds[0] }),
    ]);
  });

  it('answers 404 for an unknown site', async () => {
    const res = await call(server, 'GET', '/api/site/7d2b1a8e-0000-4000-8000-000000000000/associateTags', {
      token: tokens.superConsultant,
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/companies/:companyId/site/:siteId/associateTags', () => {
  const path = () => `/api/companies/${world.child.id}/site/${world.child.locationId}/associateTags`;

  it('replaces the site’s tags, tombstoning removed ones', async () => {
    const [east, west] = world.child.tagIds;
    const res = await call<{ message: string; siteTags: SiteTagRow[] }>(server, 'POST', path(), {
      token: tokens.clientAdmin,
      body: { tagIds: [west] },
    });
    const version = await companyVersion(server.db, world.child.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Tags associated successfully!');
    expect(res.body.siteTags).toEqual([
      expect.objectContaining({ tagId: west, locationId: world.child.locationId, version }),
    ]);
    const removed = await server.db.select().from(tombstones).where(eq(tombstones.companyId, world.child.id));
    expect(removed).toEqual([expect.objectContaining({ entity: 'siteTags', version })]);

    const back = await call<{ tagIds: string[] }>(
      server,
      'GET',
      `/api/site/${world.child.locationId}/associateTags`,
      {
        token: tokens.client,
      },
    );
    expect(back.body.tagIds).toEqual([west]);

    // Keeping a tag keeps its row and version; duplicates in the request count once.
    const both = await call<{ siteTags: SiteTagRow[] }>(server, 'POST', path(), {
      token: tokens.superConsultant,
      body: { tagIds: [east, west, east.toUpperCase()] },
    });
    expect(both.status).toBe(200);
    expect(both.body.siteTags).toHaveLength(2);
    expect(both.body.siteTags.find((row) => row.tagId === west)?.version).toBe(version);

    const none = await call<{ siteTags: SiteTagRow[] }>(server, 'POST', path(), {
      token: tokens.client,
      body: { tagIds: [] },
    });
    expect(none).toMatchObject({ status: 200, body: { siteTags: [] } });
  });

  it('rejects another company’s or unknown tag ids with field errors, changing nothing', async () => {
    const counts = await rowCounts(server.db);
    const version = await companyVersion(server.db, world.a.id);
    const res = await call(
      server,
      'POST',
      `/api/companies/${world.a.id}/site/${world.a.locationId}/associateTags`,
      {
        token: tokens.client,
        body: { tagIds: [world.a.tagIds[1], world.b.tagIds[0], '7d2b1a8e-0000-4000-8000-000000000000'] },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        fields: {
          'body.tagIds.1': 'is not a tag of this company',
          'body.tagIds.2': 'is not a tag of this company',
        },
      },
    });
    expect(await rowCounts(server.db)).toEqual(counts);
    expect(await companyVersion(server.db, world.a.id)).toBe(version);
  });

  it('answers 404 for a site of another company under a reachable company', async () => {
    const res = await call(
      server,
      'POST',
      `/api/companies/${world.a.id}/site/${world.b.locationId}/associateTags`,
      {
        token: tokens.client,
        body: { tagIds: [] },
      },
    );
    expect(res.status).toBe(404);
    const bTags = await call<{ tagIds: string[] }>(
      server,
      'GET',
      `/api/site/${world.b.locationId}/associateTags`,
      {
        token: tokens.clientOfB,
      },
    );
    expect(bTags.body.tagIds).toEqual([world.b.tagIds[0]]);
  });

  it('keeps the link ids the client made, moves the site’s version with the set and checks If-Match on it', async () => {
    const [east, west] = world.a.tagIds;
    const path = `/api/companies/${world.a.id}/site/${world.a.locationId}/associateTags`;
    const site = await call<{ version: number }>(
      server,
      'GET',
      `/api/locations/${world.a.locationId}/locationInfo`,
      {
        token: tokens.client,
      },
    );
    const current = await call<{ siteTags: SiteTagRow[] }>(
      server,
      'GET',
      `/api/site/${world.a.locationId}/associateTags`,
      { token: tokens.client },
    );
    const stale = await call<{
      current: { location: { id: string; version: number }; siteTags: SiteTagRow[] };
    }>(server, 'POST', path, {
      token: tokens.client,
      body: { tagIds: [] },
      headers: { 'if-match': String(site.body.version - 1) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual({
      location: expect.objectContaining({ id: world.a.locationId, version: site.body.version }),
      siteTags: current.body.siteTags,
    });

    const madeOffline = '3f0c2b4e-9a1d-4c7e-8b25-6d1e0f9a7c31';
    const kept = current.body.siteTags[0]?.id ?? '';
    const saved = await call<{ location: { version: number }; siteTags: SiteTagRow[] }>(
      server,
      'POST',
      path,
      {
        token: tokens.client,
        body: { tagIds: [east, west], siteTagIds: ['5b8e7f60-1c2d-4e3f-8a9b-0c1d2e3f4a5b', madeOffline] },
        headers: { 'if-match': String(site.body.version) },
      },
    );
    const version = await companyVersion(server.db, world.a.id);
    expect(saved.status).toBe(200);
    // The tag already on the site keeps its link; the new one gets the id the client made.
    expect(saved.body.siteTags.map((row) => [row.tagId, row.id]).sort()).toEqual(
      [
        [east, kept],
        [west, madeOffline],
      ].sort(),
    );
    expect(saved.body.location.version).toBe(version);

    // The old version is stale now; a repeat with the new one changes nothing and keeps the version.
    const again = await call(server, 'POST', path, {
      token: tokens.client,
      body: { tagIds: [east, west] },
      headers: { 'if-match': String(site.body.version) },
    });
    expect(again.status).toBe(409);
    const same = await call<{ location: { version: number } }>(server, 'POST', path, {
      token: tokens.client,
      body: { tagIds: [west, east] },
      headers: { 'if-match': String(version) },
    });
    expect(same.status).toBe(200);
    expect(same.body.location.version).toBe(version);
  });

  it('refuses link ids that are taken or do not pair with the tag ids', async () => {
    const [east, west] = world.b.tagIds;
    const path = `/api/companies/${world.b.id}/site/${world.b.locationId}/associateTags`;
    const other = await call<{ siteTags: SiteTagRow[] }>(
      server,
      'GET',
      `/api/site/${world.a.locationId}/associateTags`,
      { token: tokens.superConsultant },
    );
    const takenId = other.body.siteTags[0]?.id;
    if (!takenId) throw new Error('the site of A has no tag link');
    const version = await companyVersion(server.db, world.b.id);
    const taken = await call(server, 'POST', path, {
      token: tokens.clientOfB,
      body: { tagIds: [east, west], siteTagIds: ['5b8e7f60-1c2d-4e3f-8a9b-0c1d2e3f4a5c', takenId] },
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ error: { fields: { 'body.siteTagIds.1': 'is already taken' } } });
    const unpaired = await call(server, 'POST', path, {
      token: tokens.clientOfB,
      body: { tagIds: [east, west], siteTagIds: [takenId] },
    });
    expect(unpaired.status).toBe(400);
    const repeated = await call(server, 'POST', path, {
      token: tokens.clientOfB,
      body: { tagIds: [east, west], siteTagIds: [takenId, takenId] },
    });
    expect(repeated.status).toBe(400);
    expect(await companyVersion(server.db, world.b.id)).toBe(version);
  });
});

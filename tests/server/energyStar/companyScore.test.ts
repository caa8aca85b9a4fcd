import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';

interface ScoreAnswer {
  score: number | null;
  activeSites: number;
  scoredSites: number;
  asOfMonth: string | null;
  sites: { locationId: string; rank: number | null; score: number | null }[];
  inactiveSites: { locationId: string; name: string }[];
}

let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer();
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('GET /api/companies/:id/energyStarScore', () => {
  it('ranks the active sites by their latest score and gives the median as the company score', async () => {
    const cedar = demo.companies.cedar;
    // Expected from SQL alone: each active site's latest score, best first.
    const latest = await demo.rows<{ id: string; score: number }>(sql`
      select distinct on (l.id) l.id, m.score from locations l
      join energy_star_metrics m on m.location_id = l.id
      where l.company_id = ${cedar} and l.is_energy_star_active and l.is_active
      order by l.id, m.metric_month desc`);
    const scores = latest.map((row) => row.score).sort((a, b) => a - b);
    const middle = Math.floor(scores.length / 2);
    const median =
      scores.length % 2 === 1
        ? scores[middle]
        : Math.round(((scores[middle - 1] ?? 0) + (scores[middle] ?? 0)) / 2);
    const [inactive] = await demo.rows<{ n: number }>(sql`
      select count(*)::int as n from locations where company_id = ${cedar} and not is_energy_star_active and is_active`);

    const res = await demo.as<ScoreAnswer>(
      'superConsultant',
      'GET',
      `/api/companies/${cedar}/energyStarScore`,
    );
    expect(res.status).toBe(200);
    expect(res.body.score).toBe(median);
    expect(res.body.scoredSites).toBe(latest.length);
    expect(res.body.sites.map((site) => site.score)).toEqual([...scores].reverse());
    expect(res.body.sites[0]?.rank).toBe(1);
    expect(res.body.inactiveSites).toHaveLength(inactive?.n ?? -1);
  });

  it('answers 403 to a company without ENERGY STAR access and 404 to a company out of reach', async () => {
    const harbor = await demo.as(
      'harborClient',
      'GET',
      `/api/companies/${demo.companies.harbor}/energyStarScore`,
    );
    expect(harbor.status).toBe(403);
    const other = await demo.as(
      'northwindClient',
      'GET',
      `/api/companies/${demo.companies.cedar}/energyStarScore`,
    );
    expect(other.status).toBe(404);
  });
});

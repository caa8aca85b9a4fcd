// The open/close reads and the PDF download, and who reaches them: the area rule (openCloseAccess, not a limited
// client) answers 403, a company the caller may not reach answers 404, as for every area.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoRole, DemoServer } from '../../helpers/demoServer';

interface ListedRequest {
  id: string;
  companyId: number;
  version: number;
  serviceType: string;
  isOpen: boolean;
  accountStatus: number;
  locationName: string;
  accountNumber: string | null;
  requestedByName: string | null;
  contactName: string | null;
  createdAt: string;
}

interface Note {
  id: string;
  requestId: string;
  note: string;
  createdByName: string | null;
  createdAt: string;
}

let demo: DemoServer;
let summit: number;
let northwind: number;
/** A done closing of Summit (it names its account) and one of Northwind's requests. */
let summitRequest: { id: string; notes: number };
let northwindRequestId: string;

beforeAll(async () => {
  demo = await startDemoServer();
  ({ summit, northwind } = demo.companies);
  const [row] = await demo.rows<{ id: string; notes: number }>(sql`
    select r.id, (select count(*)::int from open_close_notes n where n.request_id = r.id) as notes
    from open_close_requests r
    where r.company_id = ${summit} and r.account_status = 3 and not r.is_open order by r.id limit 1`);
  summitRequest = { id: row?.id ?? '', notes: row?.notes ?? 0 };
  const [other] = await demo.rows<{ id: string }>(
    sql`select id from open_close_requests where company_id = ${northwind} order by id limit 1`,
  );
  northwindRequestId = other?.id ?? '';
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('GET /api/opencloseaccounts/{companyId}', () => {
  it("lists the company's requests newest first, with site, account and requester", async () => {
    const res = await demo.as<ListedRequest[]>('summitClient', 'GET', `/api/opencloseaccounts/${summit}`);
    expect(res.status).toBe(200);
    const [{ n } = { n: 0 }] = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from open_close_requests where company_id = ${summit}`,
    );
    expect(res.body).toHaveLength(n);
    expect(n).toBeGreaterThan(0);
    const times = res.body.map((row) => row.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(res.body.map((row) => row.accountStatus))).toEqual(new Set([0, 1, 2, 3]));
    const closing = res.body.find((row) => row.id === summitRequest.id);
    expect(closing).toMatchObject({ isOpen: false, accountStatus: 3, requestedByName: 'Owen Nakamura' });
    expect(closing?.locationName).toEqual(expect.any(String));
    expect(closing?.accountNumber).toEqual(expect.any(String));
  });

  it('answers the consultant twin the same list', async () => {
    const client = await demo.as<ListedRequest[]>('summitClient', 'GET', `/api/opencloseaccounts/${summit}`);
    const twin = await demo.as<ListedRequest[]>(
      'consultant',
      'GET',
      `/api/companies/${summit}/opencloseaccounts`,
    );
    expect(twin.status).toBe(200);
    expect(twin.body).toEqual(client.body);
  });

  it.each<[DemoRole, 'northwind' | 'harbor' | 'summit', number]>([
    // Northwind has the flag, but a limited client never opens the area (spec 000 §5).
    ['northwindLimited', 'northwind', 403],
    // Harbor has no openCloseAccess: its client and the consultant are both kept out of the area.
    ['harborClient', 'harbor', 403],
    ['consultant', 'harbor', 403],
    // Another company's requests are not found, whatever its flags.
    ['harborClient', 'summit', 404],
    ['summitClient', 'northwind', 404],
    ['northwindAdmin', 'northwind', 200],
    ['superConsultant', 'summit', 200],
  ])('%s on %s: %d', async (role, company, status) => {
    const res = await demo.as(role, 'GET', `/api/opencloseaccounts/${demo.companies[company]}`);
    expect(res.status).toBe(status);
  });
});

describe('GET /api/getOpenCloseAccountNotes/{id}', () => {
  it("answers a request's notes, oldest first, with their authors", async () => {
    const res = await demo.as<Note[]>(
      'summitClient',
      'GET',
      `/api/getOpenCloseAccountNotes/${summitRequest.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(summitRequest.notes);
    expect(summitRequest.notes).toBeGreaterThan(0);
    for (const note of res.body)
      expect(note).toMatchObject({ requestId: summitRequest.id, note: expect.any(String) });
    const times = res.body.map((note) => note.createdAt);
    expect(times).toEqual([...times].sort());
  });

  it('keeps other companies and limited clients out', async () => {
    const foreign = await demo.as('harborClient', 'GET', `/api/getOpenCloseAccountNotes/${summitRequest.id}`);
    expect(foreign.status).toBe(404);
    const limited = await demo.as(
      'northwindLimited',
      'GET',
      `/api/getOpenCloseAccountNotes/${northwindRequestId}`,
    );
    expect(limited.status).toBe(403);
  });
});

describe('GET /api/opencloseaccounts/{id}/download', () => {
  it('renders the request as a PDF named by kind, site and service', async () => {
    const res = await fetch(`${demo.server.url}/api/opencloseaccounts/${summitRequest.id}/download`, {
      headers: { authorization: `Bearer ${demo.tokens.consultant}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Close_Request_[A-Za-z0-9-]+_[A-Za-z-]+\.pdf"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(bytes.length).toBeGreaterThan(1500);
  });

  const ids = {
    summit: () => summitRequest.id,
    northwind: () => northwindRequestId,
    unknown: () => '00000000-0000-4000-8000-000000000000',
  };
  it.each<[DemoRole, keyof typeof ids, number]>([
    ['summitClient', 'summit', 200],
    ['harborClient', 'summit', 404],
    ['northwindLimited', 'northwind', 403],
    ['summitClient', 'unknown', 404],
  ])('%s, a request of %s: %d', async (role, owner, status) => {
    const res = await fetch(`${demo.server.url}/api/opencloseaccounts/${ids[owner]()}/download`, {
      headers: { authorization: `Bearer ${demo.tokens[role]}` },
    });
    expect(res.status).toBe(status);
  });
});

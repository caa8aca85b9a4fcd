import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoRole, DemoServer } from '../../helpers/demoServer';
import { htmlBytes, pdfBytes, pngBytes } from '../../helpers/fileSamples';

interface TicketRow {
  id: string;
  companyId: number;
  version: number;
  jiraIssueId: string;
  requestType: string;
  summary: string;
  ticketDescription: string;
  requestedBy: string;
  createdBy: number | null;
  createdByName: string | null;
  status: string;
}

interface AttachmentRow {
  id: string;
  ticketId: string | null;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  contentUrl: string;
  isTemporary: boolean;
}

interface Details extends TicketRow {
  comments: { id: string; body: string; createdByName: string | null }[];
  attachments: AttachmentRow[];
}

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

interface ChangePage {
  changes: { entity: string; op: string; id: string; row?: Record<string, unknown> }[];
  cursor: string;
  hasMore: boolean;
}

const BASE = '/api/company_support';

let demo: DemoServer;
let northwind: number;
let harbor: number;
let billingType: string;

/** Every row of an entity in a company's feed as the role sees it. */
async function feedRows(role: DemoRole, companyId: number, entity: string) {
  const rows = new Map<string, Record<string, unknown>>();
  let since: string | null = null;
  for (;;) {
    const query: string = since === null ? '?limit=5000' : `?since=${since}&limit=5000`;
    const page = await demo.as<ChangePage>(role, 'GET', `/api/sync/${companyId}/changes${query}`);
    expect(page.status).toBe(200);
    for (const change of page.body.changes) {
      if (change.entity !== entity) continue;
      if (change.op === 'put' && change.row) rows.set(change.id, change.row);
      else rows.delete(change.id);
    }
    since = page.body.cursor;
    if (!page.body.hasMore) return rows;
  }
}

function create(role: DemoRole, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return demo.as<TicketRow & ErrorBody>(role, 'POST', `${BASE}/ticket`, { body, headers });
}

function upload(role: DemoRole, path: string, fields: Record<string, string>, file: Blob, name: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', file, name);
  return fetch(`${demo.server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${demo.tokens[role]}` },
    body: form,
  });
}

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  harbor = demo.companies.harbor;
  const types = await demo.as<{ id: string; name: string }[]>(
    'northwindClient',
    'GET',
    `${BASE}/request_types/${northwind}`,
  );
  billingType = types.body.find((type) => type.name === 'Billing Question')?.id ?? '';
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('support tickets: reading', () => {
  it('lists the company’s tickets, newest first, and filters them to one user (mine)', async () => {
    const all = await demo.as<TicketRow[]>('northwindClient', 'GET', `${BASE}/ticket/`);
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(5);
    expect(all.body.every((row) => row.companyId === northwind && /^GET-\d+$/.test(row.jiraIssueId))).toBe(
      true,
    );
    const creator = all.body[0]?.createdBy ?? 0;
    const mine = await demo.as<TicketRow[]>('northwindClient', 'GET', `${BASE}/ticket?userId=${creator}`);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((row) => row.createdBy === creator)).toBe(true);
    const twin = await demo.as<TicketRow[]>(
      'consultant',
      'GET',
      `/api/companies/${northwind}/company_support/ticket`,
    );
    expect(twin.body.map((row) => row.id)).toEqual(all.body.map((row) => row.id));
  });

  it('offers the shared request types and the company’s own', async () => {
    const types = await demo.as<{ name: string }[]>(
      'northwindClient',
      'GET',
      `${BASE}/request_types/${northwind}`,
    );
    expect(types.body.map((type) => type.name)).toEqual(
      expect.arrayContaining(['Billing Question', 'Other', 'Store Opening / Closing']),
    );
    const twin = await demo.as(
      'consultant',
      'GET',
      `/api/companies/${northwind}/company_support/request_types`,
    );
    expect(twin.body).toEqual(types.body);
  });

  it('answers a ticket’s details with comments and attachments, and downloads its own attachment only', async () => {
    const all = await demo.as<TicketRow[]>('northwindClient', 'GET', `${BASE}/ticket`);
    let withFile: Details | null = null;
    for (const ticket of all.body) {
      const details = await demo.as<Details>(
        'northwindClient',
        'GET',
        `${BASE}/ticket/${ticket.jiraIssueId}/details`,
      );
      expect(details.status).toBe(200);
      if (details.body.attachments.length > 0) withFile = details.body;
    }
    if (!withFile) throw new Error('no seeded attachment');
    const [attachment] = withFile.attachments;
    expect(attachment).not.toHaveProperty('storageKey');
    const path = `${BASE}/download_attachment?contentUrl=${encodeURIComponent(attachment?.contentUrl ?? '')}&mimeType=application/pdf`;
    const own = await fetch(`${demo.server.url}${path}`, {
      headers: { authorization: `Bearer ${demo.tokens.northwindClient}` },
    });
    const bytes = new Uint8Array(await own.arrayBuffer());
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(attachment?.sha256);
    // Another company's user never gets it, through its own client path or the twin.
    const foreign = await demo.as('harborClient', 'GET', `/api/companies/${northwind}${path}`);
    expect(foreign.status).toBe(404);
    const unknown = await demo.as('northwindClient', 'GET', `${BASE}/ticket/GET-999999/details`);
    expect(unknown.status).toBe(404);
  });

  it('needs support access: 403 for a company without it, 404 for a company out of reach', async () => {
    expect((await demo.as('harborClient', 'GET', `${BASE}/ticket`)).status).toBe(403);
    expect(
      (await demo.as('consultant', 'GET', `/api/companies/${harbor}/company_support/ticket`)).status,
    ).toBe(403);
    expect(
      (await demo.as('harborClient', 'GET', `/api/companies/${northwind}/company_support/ticket`)).status,
    ).toBe(404);
    expect((await demo.as('northwindLimited', 'GET', `${BASE}/ticket`)).status).toBe(200);
  });
});

describe('support tickets: writing', () => {
  it('creates a ticket from the spec’s body, numbered like a tracker, once per Idempotency-Key', async () => {
    const id = randomUUID();
    const body = {
      id,
      companyId: northwind,
      requestTypeId: billingType,
      ticketDescription: '  The March bill for store 12 doubled.\nPlease check the meter read.  ',
      requestedBy: 'Dana Facilities',
    };
    const headers = { 'idempotency-key': 'ticket-client:1' };
    const first = await create('northwindClient', body, headers);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id,
      jiraIssueId: expect.stringMatching(/^GET-\d+$/),
      requestType: 'Billing Question',
      summary: 'The March bill for store 12 doubled.',
      ticketDescription: 'The March bill for store 12 doubled.\nPlease check the meter read.',
      requestedBy: 'Dana Facilities',
      status: 'Received',
      createdByName: expect.any(String),
    });
    const again = await create('northwindClient', body, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.jiraIssueId).toBe(first.body.jiraIssueId);
    const listed = await demo.as<TicketRow[]>('northwindClient', 'GET', `${BASE}/ticket`);
    expect(listed.body.filter((row) => row.id === id)).toHaveLength(1);
    expect((await feedRows('northwindClient', northwind, 'supportTickets')).get(id)).toMatchObject({
      jiraIssueId: first.body.jiraIssueId,
    });
    // A second ticket gets the next number.
    const next = await create('northwindClient', { ...body, id: undefined });
    expect(Number(next.body.jiraIssueId.slice(4))).toBe(Number(first.body.jiraIssueId.slice(4)) + 1);
  });

  it('refuses a ticket without description, with a request type of nobody’s, or for another company', async () => {
    const empty = await create('northwindClient', {
      requestTypeId: billingType,
      ticketDescription: '   ',
      requestedBy: '',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({
      'body.ticketDescription': 'is required',
      'body.requestedBy': 'is required',
    });
    const unknownType = await create('northwindClient', {
      requestTypeId: randomUUID(),
      ticketDescription: 'Help',
      requestedBy: 'Me',
    });
    expect(unknownType.body.error.fields).toEqual({ 'body.requestTypeId': 'is not a request type' });
    const otherCompany = await create('northwindClient', {
      companyId: harbor,
      requestTypeId: billingType,
      ticketDescription: 'Help',
      requestedBy: 'Me',
    });
    expect(otherCompany.status).toBe(400);
    expect(
      (await create('harborClient', { requestTypeId: billingType, ticketDescription: 'x', requestedBy: 'y' }))
        .status,
    ).toBe(403);
  });

  it('comments, cancels with If-Match, and then takes no more comments', async () => {
    const ticket = (
      await create('northwindAdmin', {
        requestTypeId: billingType,
        ticketDescription: 'Cancel me',
        requestedBy: 'Admin',
      })
    ).body;
    const comment = await demo.as<{ id: string; body: string; ticketId: string } & ErrorBody>(
      'consultant',
      'POST',
      `/api/companies/${northwind}/company_support/comment`,
      { body: { ticketId: ticket.id, comment: ' Looking into it. ' } },
    );
    expect(comment.status).toBe(201);
    expect(comment.body).toMatchObject({ ticketId: ticket.id, body: 'Looking into it.' });
    const byTracker = await demo.as('northwindAdmin', 'POST', `${BASE}/comment`, {
      body: { jiraIssueId: ticket.jiraIssueId, comment: 'Thanks' },
    });
    expect(byTracker.status).toBe(201);

    const stale = await demo.as(
      'northwindAdmin',
      'POST',
      `${BASE}/cancel_ticket/?jiraIssueId=${ticket.jiraIssueId}`,
      {
        headers: { 'if-match': String(ticket.version - 1) },
      },
    );
    expect(stale.status).toBe(409);
    const details = await demo.as<Details>(
      'northwindAdmin',
      'GET',
      `${BASE}/ticket/${ticket.jiraIssueId}/details`,
    );
    expect(details.body.comments.map((row) => row.body)).toEqual(['Looking into it.', 'Thanks']);
    const cancelled = await demo.as<TicketRow>(
      'northwindAdmin',
      'POST',
      `${BASE}/cancel_ticket?jiraIssueId=${ticket.jiraIssueId}`,
      { headers: { 'if-match': String(details.body.version) } },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('Cancelled');
    const late = await demo.as<ErrorBody>('northwindAdmin', 'POST', `${BASE}/comment`, {
      body: { ticketId: ticket.id, comment: 'Still there?' },
    });
    expect(late.status).toBe(400);
    const twice = await demo.as(
      'northwindAdmin',
      'POST',
      `${BASE}/cancel_ticket?jiraIssueId=${ticket.jiraIssueId}`,
    );
    expect(twice.status).toBe(400);
  });
});

describe('support tickets: attachments', () => {
  it('keeps a temporary upload out of the feed until finalize_attachments binds it', async () => {
    const ticket = (
      await create('northwindClient', {
        requestTypeId: billingType,
        ticketDescription: 'With a scan',
        requestedBy: 'Me',
      })
    ).body;
    const answer = await upload(
      'northwindClient',
      `${BASE}/temporary_attachment?companyId=${northwind}`,
      {},
      new Blob([pdfBytes('scan')]),
      'Scan.pdf',
    );
    expect(answer.status).toBe(201);
    const temporary = (await answer.json()) as AttachmentRow;
    expect(temporary).toMatchObject({ fileName: 'Scan.pdf', mimeType: 'application/pdf', isTemporary: true });
    expect((await feedRows('northwindClient', northwind, 'ticketAttachments')).has(temporary.id)).toBe(false);

    const finalized = await demo.as<{ attachments: AttachmentRow[] }>(
      'northwindClient',
      'POST',
      `${BASE}/finalize_attachments`,
      {
        body: { jiraIssueId: ticket.jiraIssueId, attachmentIds: [temporary.id] },
      },
    );
    expect(finalized.status).toBe(200);
    expect(finalized.body.attachments[0]).toMatchObject({ ticketId: ticket.id, isTemporary: false });
    const feed = await feedRows('northwindClient', northwind, 'ticketAttachments');
    expect(feed.get(temporary.id)).toMatchObject({ ticketId: ticket.id });
    expect(feed.get(temporary.id)).not.toHaveProperty('storageKey');
    // Once bound, it is no temporary attachment any more.
    const again = await demo.as('northwindClient', 'POST', `${BASE}/finalize_attachments`, {
      body: { ticketId: ticket.id, attachmentIds: [temporary.id] },
    });
    expect(again.status).toBe(400);
  });

  it('binds an upload that names its ticket at once, once per Idempotency-Key, with the document file rules', async () => {
    const ticket = (
      await create('northwindClient', {
        requestTypeId: billingType,
        ticketDescription: 'Photo',
        requestedBy: 'Me',
      })
    ).body;
    const id = randomUUID();
    const path = `/api/companies/${northwind}/company_support/temporary_attachment`;
    const send = () => {
      const form = new FormData();
      form.append('id', id);
      form.append('ticketId', ticket.id);
      form.append('file', new Blob([pngBytes()]), 'meter.png');
      return fetch(`${demo.server.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${demo.tokens.northwindClient}`,
          'idempotency-key': 'ticket-client:77',
        },
        body: form,
      });
    };
    const first = await send();
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      id,
      ticketId: ticket.id,
      isTemporary: false,
      mimeType: 'image/png',
    });
    const replay = await send();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const details = await demo.as<Details>(
      'northwindClient',
      'GET',
      `${BASE}/ticket/${ticket.jiraIssueId}/details`,
    );
    expect(details.body.attachments.map((row) => row.id)).toEqual([id]);

    const refused = await upload(
      'northwindClient',
      path,
      { ticketId: ticket.id },
      new Blob([htmlBytes()]),
      'x.pdf',
    );
    expect(refused.status).toBe(400);
    const notMultipart = await demo.as('northwindClient', 'POST', path, { body: { ticketId: ticket.id } });
    expect(notMultipart.status).toBe(400);
    const foreign = await upload('harborClient', path, {}, new Blob([pdfBytes('x')]), 'x.pdf');
    expect(foreign.status).toBe(404);
  });
});

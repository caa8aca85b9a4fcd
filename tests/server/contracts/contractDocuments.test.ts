import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';
import { base64, htmlBytes, pdfBytes } from '../../helpers/fileSamples';

interface DocumentRow {
  id: string;
  contractId: string;
  version: number;
  fileName: string;
  size: number;
  sha256: string;
  documentType: string | null;
}

interface ChangePage {
  changes: { entity: string; op: string; id: string; row?: Record<string, unknown> }[];
  cursor: string;
  hasMore: boolean;
}

const BASE = '/api/contracts/associated_documents';

let demo: DemoServer;
let northwind: number;
let seeded: DocumentRow[];

async function feed(companyId: number, since: string | null) {
  const query = since === null ? '?limit=5000' : `?since=${since}&limit=5000`;
  return (await demo.as<ChangePage>('northwindAdmin', 'GET', `/api/sync/${companyId}/changes${query}`)).body;
}

async function download(id: string) {
  const response = await fetch(`${demo.server.url}${BASE}/${id}/download`, {
    headers: { authorization: `Bearer ${demo.tokens.northwindClient}` },
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function newContract(): Promise<string> {
  const answer = await demo.as<{ contract: { id: string } }>('northwindAdmin', 'POST', '/api/contracts/add', {
    body: {
      serviceType: 'water',
      vendorName: 'Doc Water',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      termMonth: 12,
    },
  });
  expect(answer.status).toBe(201);
  return answer.body.contract.id;
}

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  seeded = (await demo.as<DocumentRow[]>('northwindClient', 'GET', BASE)).body;
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('contract documents', () => {
  it('lists the seeded documents by contract, syncs them without storage keys, and downloads their PDFs', async () => {
    expect(seeded.length).toBeGreaterThan(0);
    const [first] = seeded;
    const byContract = await demo.as<DocumentRow[]>(
      'consultant',
      'GET',
      `/api/companies/${northwind}/contracts/associated_documents/list?contractId=${first?.contractId ?? ''}`,
    );
    expect(byContract.body.every((row) => row.contractId === first?.contractId)).toBe(true);
    expect(byContract.body.map((row) => row.id)).toContain(first?.id);
    const rows = (await feed(northwind, null)).changes.filter(
      (change) => change.entity === 'contractDocuments',
    );
    expect(rows.length).toBe(seeded.length);
    expect(rows.every((change) => change.row && !('storageKey' in change.row))).toBe(true);
    const { response, bytes } = await download(first?.id ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBe(first?.size);
  });

  it('refuses limited clients and other companies', async () => {
    expect((await demo.as('northwindLimited', 'GET', BASE)).status).toBe(403);
    const foreign = await fetch(`${demo.server.url}${BASE}/${seeded[0]?.id ?? ''}/download`, {
      headers: { authorization: `Bearer ${demo.tokens.harborClient}` },
    });
    expect(foreign.status).toBe(404);
  });

  it('uploads a checked file once per key, refuses content that is not what its name says, and deletes', async () => {
    const contractId = await newContract();
    const id = randomUUID();
    const headers = { 'idempotency-key': `docs-${randomUUID().slice(0, 8)}:1` };
    const body = {
      id,
      contractId,
      fileName: 'Signed copy.pdf',
      fileValue: base64(pdfBytes('signed')),
      documentType: 'Contract',
    };
    const first = await demo.as<DocumentRow>('northwindAdmin', 'POST', `${BASE}/add`, { body, headers });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id,
      contractId,
      fileName: 'Signed copy.pdf',
      documentType: 'Contract',
    });
    const again = await demo.as<DocumentRow>('northwindAdmin', 'POST', `${BASE}/add`, { body, headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(
      (await demo.as<DocumentRow[]>('northwindAdmin', 'GET', `${BASE}?contractId=${contractId}`)).body,
    ).toHaveLength(1);

    const html = await demo.as<{ error: { fields: Record<string, string> } }>(
      'northwindAdmin',
      'POST',
      `${BASE}/add`,
      {
        body: { contractId, fileName: 'invoice.pdf', fileValue: base64(htmlBytes()) },
      },
    );
    expect(html.status).toBe(400);
    expect(html.body.error.fields['body.fileValue']).toMatch(/not one of the allowed types/);
    const foreign = await demo.as('harborClient', 'POST', `${BASE}/add`, {
      body: { contractId, fileName: 'x.pdf', fileValue: base64(pdfBytes()) },
    });
    expect(foreign.status).toBe(404);

    const renamed = await demo.as<DocumentRow>('northwindAdmin', 'PUT', `${BASE}/${id}/update`, {
      body: { documentType: 'Amendment' },
    });
    expect(renamed.body.documentType).toBe('Amendment');
    const deleted = await demo.as('northwindAdmin', 'DELETE', `${BASE}/${id}/delete`);
    expect(deleted.status).toBe(200);
    expect((await download(id)).response.status).toBe(404);
  });

  it('deletes a contract’s documents with the contract, with tombstones for devices', async () => {
    const contractId = await newContract();
    const id = randomUUID();
    await demo.as('northwindAdmin', 'POST', `${BASE}/add`, {
      body: { id, contractId, fileName: 'Gone.pdf', fileValue: base64(pdfBytes('gone')) },
    });
    // The feed's own cursor: it names the viewer's audience, so a bare version would be refused (410).
    let page = await feed(northwind, null);
    while (page.hasMore) page = await feed(northwind, page.cursor);
    const cursor = page.cursor;
    const deleted = await demo.as('northwindAdmin', 'DELETE', `/api/contracts/delete?id=${contractId}`);
    expect(deleted.status).toBe(200);
    const changes = (await feed(northwind, cursor)).changes;
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'contractDocuments', op: 'del', id }),
        expect.objectContaining({ entity: 'contracts', op: 'del', id: contractId }),
      ]),
    );
    expect((await download(id)).response.status).toBe(404);
  });
});

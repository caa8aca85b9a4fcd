import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../../../src/domain/documents';
import { MAX_FILE_BYTES } from '../../../src/domain/files';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoRole, DemoServer } from '../../helpers/demoServer';
import { base64, htmlBytes, officeBytes, pdfBytes, pngBytes } from '../../helpers/fileSamples';

interface DocumentRow {
  id: string;
  companyId: number;
  version: number;
  isConsultant: boolean;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  documentType: string | null;
  uploadedBy: number | null;
  uploadedByName: string | null;
  createdAt: string;
}

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

interface ChangePage {
  changes: { entity: string; op: string; id: string; row?: Record<string, unknown> }[];
  cursor: string;
  hasMore: boolean;
}

const BASE = '/api/contracts/company_documents';

let demo: DemoServer;
let northwind: number;

/** Files of a company in the store. */
function storedFiles(companyId: number): string[] {
  const folder = join(demo.server.config.filesDir, 'company-documents', String(companyId));
  return existsSync(folder) ? readdirSync(folder) : [];
}

function list(role: DemoRole, path = BASE) {
  return demo.as<DocumentRow[]>(role, 'GET', path);
}

async function add(role: DemoRole, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return demo.as<DocumentRow & ErrorBody>(role, 'POST', `${BASE}/add`, { body, headers });
}

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

async function download(role: DemoRole, id: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${demo.server.url}${BASE}/${id}/download`, {
    headers: { authorization: `Bearer ${demo.tokens[role]}`, ...headers },
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('company documents: reading', () => {
  it('lists shared documents to clients and every document to consultants, never with a storage key', async () => {
    const client = await list('northwindClient');
    const consultant = await demo.as<DocumentRow[]>(
      'consultant',
      'GET',
      `/api/companies/${northwind}/contracts/company_documents/list`,
    );
    expect(client.status).toBe(200);
    expect(consultant.status).toBe(200);
    expect(client.body.map((row) => row.fileName).sort()).toEqual([
      'Letter of Authorization.pdf',
      'Utility Contacts.csv',
    ]);
    expect(client.body.every((row) => !row.isConsultant && !('storageKey' in row))).toBe(true);
    expect(consultant.body.map((row) => row.fileName)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Energy Procurement Strategy \d{4}\.pdf$/)]),
    );
    expect(consultant.body).toHaveLength(3);
    expect((await list('northwindClient', `${BASE}/list`)).body).toEqual(client.body);
  });

  it('answers the document types', async () => {
    const answer = await demo.as<string[]>('northwindClient', 'GET', `${BASE}/types`);
    expect(answer.body).toEqual([...DOCUMENT_TYPES]);
  });

  it('refuses limited clients (403) and answers 404 for another company', async () => {
    expect((await list('northwindLimited')).status).toBe(403);
    const [shared] = (await list('northwindClient')).body;
    const foreign = await download('harborClient', shared?.id ?? '');
    expect(foreign.response.status).toBe(404);
    const twin = await demo.as(
      'harborClient',
      'GET',
      `/api/companies/${northwind}/contracts/company_documents`,
    );
    expect(twin.status).toBe(404);
  });

  it('downloads a seeded PDF as an attachment with its type, nosniff, a sandbox and its sha-256 as ETag', async () => {
    const letter = (await list('northwindClient')).body.find((row) => row.fileName.startsWith('Letter'));
    if (!letter) throw new Error('no seeded letter');
    const { response, bytes } = await download('northwindClient', letter.id);
    expect(response.status).toBe(200);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(letter.sha256);
    expect(bytes.length).toBe(letter.size);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="Letter of Authorization.pdf"; filename*=UTF-8''Letter%20of%20Authorization.pdf`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      etag: `"${letter.sha256}"`,
    });
    const again = await download('northwindClient', letter.id, { 'if-none-match': `"${letter.sha256}"` });
    expect(again.response.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('hides consultant-only documents from clients: list, download and feed', async () => {
    const strategy = (
      await list('consultant', `/api/companies/${northwind}/contracts/company_documents`)
    ).body.find((row) => row.isConsultant);
    if (!strategy) throw new Error('no consultant-only document');
    expect((await download('northwindClient', strategy.id)).response.status).toBe(404);
    expect((await download('northwindAdmin', strategy.id)).response.status).toBe(404);
    const consultantDownload = await fetch(
      `${demo.server.url}/api/companies/${northwind}/contracts/company_documents/${strategy.id}/download`,
      { headers: { authorization: `Bearer ${demo.tokens.consultant}` } },
    );
    expect(consultantDownload.status).toBe(200);

    const clientFeed = await feedRows('northwindClient', northwind, 'companyDocuments');
    const consultantFeed = await feedRows('consultant', northwind, 'companyDocuments');
    expect(clientFeed.has(strategy.id)).toBe(false);
    expect(clientFeed.size).toBe(2);
    expect(consultantFeed.has(strategy.id)).toBe(true);
    for (const row of consultantFeed.values()) expect(row).not.toHaveProperty('storageKey');
  });
});

describe('company documents: adding', () => {
  it('stores a JSON upload: checked name, type read from the bytes, sha-256, uploader, file on disk', async () => {
    const before = storedFiles(northwind).length;
    const bytes = await officeBytes('xlsx');
    const answer = await add('northwindClient', {
      fileName: '../../Budget 2026.xlsx',
      fileValue: base64(bytes),
      documentType: 'Report',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      companyId: northwind,
      fileName: 'Budget 2026.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      documentType: 'Report',
      isConsultant: false,
      uploadedByName: expect.any(String),
    });
    expect(answer.body).not.toHaveProperty('storageKey');
    expect(storedFiles(northwind)).toHaveLength(before + 1);
    const { bytes: back } = await download('northwindClient', answer.body.id);
    expect(Buffer.from(back).equals(Buffer.from(bytes))).toBe(true);
    expect((await feedRows('northwindClient', northwind, 'companyDocuments')).has(answer.body.id)).toBe(true);
  });

  it('makes one document of a replayed Idempotency-Key, with the id the device gave', async () => {
    const before = storedFiles(northwind).length;
    const id = randomUUID();
    const body = { id, fileName: 'Replay.pdf', fileValue: base64(pdfBytes('replay')) };
    const headers = { 'idempotency-key': `device-1:${Date.now() % 1_000_000}` };
    const first = await add('northwindClient', body, headers);
    const second = await add('northwindClient', body, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.body.id).toBe(id);
    expect((await list('northwindClient')).body.filter((row) => row.fileName === 'Replay.pdf')).toHaveLength(
      1,
    );
    // The replay's own copy of the file went again.
    expect(storedFiles(northwind)).toHaveLength(before + 1);
    const taken = await add('northwindClient', { ...body, fileName: 'Again.pdf' });
    expect(taken.status).toBe(400);
    expect(taken.body.error.fields).toEqual({ 'body.id': 'is already used' });
  });

  it.each([
    ['an HTML file named .pdf', 'invoice.pdf', htmlBytes(), 'body.fileValue', /not one of the allowed types/],
    ['a PDF named .png', 'scan.png', pdfBytes(), 'body.fileName', /named \.png but the file is a PDF/],
    ['a PNG named .pdf', 'photo.pdf', pngBytes(), 'body.fileName', /named \.pdf but the file is a PNG/],
    ['a name of dots', '..', pdfBytes(), 'body.fileName', /letters or digits/],
  ])(
    'refuses %s with a 400 naming the field, and keeps no file',
    async (_what, fileName, bytes, field, message) => {
      const before = storedFiles(northwind).length;
      const answer = await add('northwindClient', { fileName, fileValue: base64(bytes) });
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields?.[field]).toMatch(message);
      expect(storedFiles(northwind)).toHaveLength(before);
    },
  );

  it('refuses text that is not base64, a type not in the list and an unknown member', async () => {
    const bad = await add('northwindClient', { fileName: 'a.pdf', fileValue: 'not base64!' });
    expect(bad.body.error.fields).toEqual({ 'body.fileValue': 'must be the file in base64' });
    const type = await add('northwindClient', {
      fileName: 'a.pdf',
      fileValue: base64(pdfBytes()),
      documentType: 'Memo',
    });
    expect(type.body.error.fields).toEqual({ 'body.documentType': 'is not one of the document types' });
    const extra = await add('northwindClient', {
      fileName: 'a.pdf',
      fileValue: base64(pdfBytes()),
      path: '/etc',
    });
    expect(extra.status).toBe(400);
  });

  // Two bodies of about 27 MB each: seconds on a loaded 2-core machine, hence the longer timeout.
  it('answers 413 in the spec error shape for 20 MB and one byte, and takes exactly 20 MB', async () => {
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    big.set(pdfBytes());
    const tooBig = await add('northwindClient', { fileName: 'big.pdf', fileValue: base64(big) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toEqual({
      code: 'payload_too_large',
      message: 'The file is larger than 20 MB',
      fields: { 'body.fileValue': 'is larger than 20 MB' },
    });
    const max = await add('northwindClient', {
      fileName: 'max.pdf',
      fileValue: base64(big.subarray(0, MAX_FILE_BYTES)),
    });
    expect(max.status).toBe(201);
    expect(max.body.size).toBe(MAX_FILE_BYTES);
  }, 60_000);

  it('lets only consultants keep a document for consultants', async () => {
    const refused = await add('northwindAdmin', {
      fileName: 'a.pdf',
      fileValue: base64(pdfBytes()),
      isConsultant: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ 'body.isConsultant': 'can be set by consultants only' });
    const kept = await demo.as<DocumentRow>(
      'consultant',
      'POST',
      `/api/companies/${northwind}${BASE.slice(4)}/add`,
      {
        body: { fileName: 'Internal notes.pdf', fileValue: base64(pdfBytes('internal')), isConsultant: true },
      },
    );
    expect(kept.status).toBe(201);
    expect(kept.body.uploadedByName).toBeTruthy();
    expect((await list('northwindClient')).body.some((row) => row.id === kept.body.id)).toBe(false);
    expect((await feedRows('northwindClient', northwind, 'companyDocuments')).has(kept.body.id)).toBe(false);
  });

  it('takes a multipart form with its fields before the file, and checks it the same way', async () => {
    const send = (form: FormData) =>
      fetch(`${demo.server.url}${BASE}/add`, {
        method: 'POST',
        headers: { authorization: `Bearer ${demo.tokens.northwindClient}` },
        body: form,
      });
    const form = new FormData();
    form.append('documentType', 'Invoice');
    form.append('file', new Blob([pdfBytes('multipart')]), 'Invoice 12.pdf');
    const answer = await send(form);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ fileName: 'Invoice 12.pdf', documentType: 'Invoice' });

    const wrong = new FormData();
    wrong.append('isConsultant', 'maybe');
    wrong.append('file', new Blob([htmlBytes()]), 'x.pdf');
    const refused = await send(wrong);
    expect(refused.status).toBe(400);

    const big = new FormData();
    big.append('file', new Blob([new Uint8Array(MAX_FILE_BYTES + 1)]), 'big.pdf');
    const tooBig = await send(big);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as ErrorBody).error.fields).toEqual({ file: 'is larger than 20 MB' });

    const none = new FormData();
    none.append('documentType', 'Other');
    expect((await send(none)).status).toBe(400);
  });
});

describe('company documents: update and delete', () => {
  async function fresh(name: string) {
    const answer = await add('northwindClient', { fileName: name, fileValue: base64(pdfBytes(name)) });
    expect(answer.status).toBe(201);
    return answer.body;
  }

  it('renames within the type and changes the type, guarded by If-Match', async () => {
    const document = await fresh('Draft.pdf');
    const path = `${BASE}/${document.id}/update`;
    const renamed = await demo.as<DocumentRow>('northwindClient', 'PUT', path, {
      body: { fileName: 'Signed', documentType: 'Contract' },
      headers: { 'if-match': String(document.version) },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      fileName: 'Signed.pdf',
      documentType: 'Contract',
      sha256: document.sha256,
    });
    expect(renamed.body.version).toBeGreaterThan(document.version);
    const stale = await demo.as<ErrorBody>('northwindClient', 'PUT', path, {
      body: { fileName: 'Late' },
      headers: { 'if-match': String(document.version) },
    });
    expect(stale.status).toBe(409);
    const wrongType = await demo.as<ErrorBody>('northwindClient', 'PUT', path, {
      body: { fileName: 'x.docx' },
    });
    expect(wrongType.body.error.fields).toEqual({ 'body.fileName': 'is named .docx but the file is a PDF' });
    expect((await demo.as('northwindClient', 'PUT', path, { body: {} })).status).toBe(400);
    const { response } = await download('northwindClient', document.id);
    expect(response.headers.get('content-disposition')).toContain('filename="Signed.pdf"');
  });

  it('deletes the row and its file, leaves a tombstone, replays by key, and answers 404 afterwards', async () => {
    const document = await fresh('Obsolete.pdf');
    const before = storedFiles(northwind).length;
    const headers = { 'idempotency-key': `device-2:${Date.now() % 1_000_000}` };
    // The company-scoped form, as the device's outbox sends it: the company is in the path, so a replay of a lost
    // answer finds its stored answer even though the document is gone.
    const path = `/api/companies/${northwind}/contracts/company_documents/${document.id}/delete`;
    const deleted = await demo.as<{ id: string }>('northwindClient', 'DELETE', path, { headers });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: document.id });
    expect(storedFiles(northwind)).toHaveLength(before - 1);
    const replay = await demo.as('northwindClient', 'DELETE', path, { headers });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await demo.as('northwindClient', 'DELETE', path)).status).toBe(404);
    expect((await demo.as('northwindClient', 'DELETE', `${BASE}/${document.id}/delete`)).status).toBe(404);
    expect((await download('northwindClient', document.id)).response.status).toBe(404);
    expect((await feedRows('northwindClient', northwind, 'companyDocuments')).has(document.id)).toBe(false);
  });

  it('keeps clients away from consultant-only documents (404) and writes of another company', async () => {
    const strategy = (
      await list('consultant', `/api/companies/${northwind}/contracts/company_documents`)
    ).body.find((row) => row.isConsultant);
    if (!strategy) throw new Error('no consultant-only document');
    expect(
      (
        await demo.as('northwindAdmin', 'PUT', `${BASE}/${strategy.id}/update`, {
          body: { documentType: 'Other' },
        })
      ).status,
    ).toBe(404);
    expect((await demo.as('northwindAdmin', 'DELETE', `${BASE}/${strategy.id}/delete`)).status).toBe(404);
    const document = await fresh('Mine.pdf');
    expect((await demo.as('harborClient', 'DELETE', `${BASE}/${document.id}/delete`)).status).toBe(404);
    expect(
      (
        await demo.as('northwindLimited', 'PUT', `${BASE}/${document.id}/update`, {
          body: { documentType: 'Other' },
        })
      ).status,
    ).toBe(403);
  });
});

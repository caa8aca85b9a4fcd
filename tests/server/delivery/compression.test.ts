// What reaches a browser on a slow link: answers compressed by Accept-Encoding, the built files served from their
// precompressed copies, and cache headers that let hashed assets stay cached while the shell is re-checked.
import { get } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress';
import { startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { seedWorld, worldTokens } from '../../helpers/companyWorld';
import type { World } from '../../helpers/companyWorld';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that sends exactly the headers given and keeps the body as it came over the wire. */
function rawGet(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    get(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

const spaDir = mkdtempSync(join(tmpdir(), 'get-spa-'));
/** A script of a few KB that compresses well, like a real bundle. */
const bundle = Array.from({ length: 200 }, (_, i) => `export const value${i} = 'item ${i}';`).join('\n');
let server: TestServer;
let world: World;
let token: string;

beforeAll(async () => {
  mkdirSync(join(spaDir, 'assets'));
  writeFileSync(join(spaDir, 'assets', 'index-Abc123.js'), bundle);
  writeFileSync(join(spaDir, 'assets', 'tiny-Def456.js'), 'export {};');
  writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>GET</title><div id="root"></div>');
  writeFileSync(join(spaDir, 'sw.js'), `self.__WB_MANIFEST = [];\n${bundle}`);
  writeFileSync(join(spaDir, 'manifest.webmanifest'), JSON.stringify({ name: 'GET Energy Portal' }));
  await precompressDir(spaDir);
  server = await startTestServer({
    env: { SPA_DIR: spaDir },
    seed: async (db) => {
      world = await seedWorld(db);
    },
  });
  token = (await worldTokens(server.config, world)).client;
}, 60_000);

afterAll(async () => {
  await server.close();
  rmSync(spaDir, { recursive: true, force: true });
});

describe('the built files', () => {
  it('writes a brotli and a gzip copy of files of 1 KB or more, and none of smaller ones', () => {
    const asset = join(spaDir, 'assets', 'index-Abc123.js');
    expect(brotliDecompressSync(readFileSync(`${asset}.br`)).toString()).toBe(bundle);
    expect(gunzipSync(readFileSync(`${asset}.gz`)).toString()).toBe(bundle);
    expect(() => readFileSync(join(spaDir, 'assets', 'tiny-Def456.js.br'))).toThrow();
  });

  it('serves the brotli copy to a browser that accepts it, cached for a year and immutable', async () => {
    const res = await rawGet(server, '/assets/index-Abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body.length).toBeLessThan(bundle.length / 3);
    expect(brotliDecompressSync(res.body).toString()).toBe(bundle);
  });

  it('serves the gzip copy when brotli is not accepted, and the file itself when nothing is', async () => {
    const gz = await rawGet(server, '/assets/index-Abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(bundle);
    const plain = await rawGet(server, '/assets/index-Abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bundle);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the shell, the service worker and the manifest re-checked on every load', async () => {
    for (const path of ['/sw.js', '/manifest.webmanifest', '/index.html', '/locations']) {
      const res = await rawGet(server, path, { 'accept-encoding': 'br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
    const sw = await rawGet(server, '/sw.js', { 'accept-encoding': 'br' });
    expect(sw.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(sw.body).toString()).toContain('__WB_MANIFEST');
  });
});

describe('API answers', () => {
  it('compresses the change feed by Accept-Encoding, with the same JSON as the uncompressed answer', async () => {
    const path = `/api/sync/${world.a.id}/changes`;
    const auth = { authorization: `Bearer ${token}` };
    const plain = await rawGet(server, path, auth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await rawGet(server, path, { ...auth, 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    const gz = await rawGet(server, path, { ...auth, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('leaves small answers as they are', async () => {
    const res = await rawGet(server, '/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

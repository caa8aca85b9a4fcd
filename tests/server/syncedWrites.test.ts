// Every synced write the device queues (src/domain/syncedWrites.ts) is a route the server registers, with the method
// and path of its one definition: a write renamed or moved on one side and not the other fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNCED_WRITES } from '../../src/domain/syncedWrites';
import type { SyncedWriteName } from '../../src/domain/syncedWrites';
import { startTestServer } from '../helpers/testServer';
import type { TestServer } from '../helpers/testServer';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('the synced writes', () => {
  it.each(Object.keys(SYNCED_WRITES) as SyncedWriteName[])('registers %s', (name) => {
    const { method, path } = SYNCED_WRITES[name];
    expect(server.app.hasRoute({ method, url: `/api${path}` }), `${method} /api${path}`).toBe(true);
  });
});

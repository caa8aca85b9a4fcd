import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adfDocument, jiraConfigFrom, jiraTracker } from '../../../server/src/support/jiraTracker';
import type { JiraConfig } from '../../../server/src/support/jiraTracker';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';

interface Seen {
  method: string;
  path: string;
  auth: string | undefined;
  body: unknown;
}

/** A fake Jira Cloud on loopback answering the documented v3 calls the connector makes. */
function fakeJira() {
  const seen: Seen[] = [];
  let next = 1;
  const read = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  const server: Server = createServer((request, response) => {
    void read(request).then((body) => {
      const path = request.url ?? '';
      seen.push({ method: request.method ?? '', path, auth: request.headers.authorization, body });
      const send = (status: number, payload?: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(payload === undefined ? '' : JSON.stringify(payload));
      };
      if (request.headers.authorization !== `Basic ${Buffer.from('bot@get.test:secret').toString('base64')}`)
        return send(401, { errorMessages: ['Client must be authenticated'] });
      if (request.method === 'POST' && path === '/rest/api/3/issue') {
        const fields = (body as { fields?: { summary?: string } }).fields;
        if (!fields?.summary)
          return send(400, { errors: { summary: 'You must specify a summary of the issue.' } });
        const key = `SUP-${next++}`;
        return send(201, { id: String(10_000 + next), key, self: `http://jira/rest/api/3/issue/${key}` });
      }
      if (request.method === 'POST' && /^\/rest\/api\/3\/issue\/SUP-\d+\/comment$/.test(path))
        return send(201, { id: '1' });
      if (request.method === 'GET' && /^\/rest\/api\/3\/issue\/SUP-\d+\/transitions$/.test(path))
        return send(200, {
          transitions: [
            { id: '11', name: 'Start Progress', to: { name: 'In Progress' } },
            { id: '31', name: 'Cancel request', to: { name: 'Cancelled' } },
          ],
        });
      if (request.method === 'POST' && /^\/rest\/api\/3\/issue\/SUP-\d+\/transitions$/.test(path))
        return send(204);
      return send(404, { errorMessages: ['Issue does not exist or you do not have permission to see it.'] });
    });
  });
  return { server, seen };
}

let jira: ReturnType<typeof fakeJira>;
let config: JiraConfig;

beforeAll(async () => {
  jira = fakeJira();
  await new Promise<void>((resolve) => jira.server.listen(0, '127.0.0.1', resolve));
  const { port } = jira.server.address() as AddressInfo;
  const env = {
    JIRA_BASE_URL: `http://127.0.0.1:${port}/`,
    JIRA_EMAIL: 'bot@get.test',
    JIRA_API_TOKEN: 'secret',
    JIRA_PROJECT_KEY: 'SUP',
  };
  const read = jiraConfigFrom(env);
  if (!read) throw new Error('no Jira configuration');
  config = read;
  Object.assign(process.env, env);
});

afterAll(async () => {
  await new Promise((resolve) => jira.server.close(resolve));
});

describe('Jira Cloud connector', () => {
  it('reads its settings from the environment, and insists on the complete set', () => {
    expect(jiraConfigFrom({})).toBeNull();
    expect(config).toMatchObject({ projectKey: 'SUP', issueType: 'Task', cancelTransition: 'Cancelled' });
    expect(config.baseUrl.endsWith('/')).toBe(false);
    expect(() => jiraConfigFrom({ JIRA_BASE_URL: 'https://x.atlassian.net' })).toThrow(
      'JIRA_EMAIL, JIRA_API_TOKEN, JIRA_PROJECT_KEY is missing',
    );
  });

  it('writes text as Atlassian Document Format paragraphs with hard breaks', () => {
    expect(adfDocument('One\ntwo\n\nThree')).toEqual({
      type: 'doc',
      version: 1,
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'One' }, { type: 'hardBreak' }, { type: 'text', text: 'two' }],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'Three' }] },
      ],
    });
  });

  it('creates issues, comments, and cancels through the named transition', async () => {
    const tracker = jiraTracker(config);
    const before = jira.seen.length;
    const key = await tracker.createIssue(
      // The Jira connector does not use the transaction.
      undefined as never,
      {
        companyName: 'Northwind Retail',
        requestType: 'Billing Question',
        summary: 'Bill doubled',
        description: 'The March bill doubled.',
        requestedBy: 'Dana',
      },
    );
    expect(key).toMatch(/^SUP-\d+$/);
    const [create] = jira.seen.slice(before);
    expect(create).toMatchObject({
      method: 'POST',
      path: '/rest/api/3/issue',
      body: {
        fields: {
          project: { key: 'SUP' },
          issuetype: { name: 'Task' },
          summary: '[Billing Question] Bill doubled',
          description: { type: 'doc', version: 1 },
        },
      },
    });
    await tracker.addComment(key, 'Any news?', 'Dana Client');
    await tracker.cancelIssue(key);
    const calls = jira.seen.slice(before + 1).map((call) => `${call.method} ${call.path}`);
    expect(calls).toEqual([
      `POST /rest/api/3/issue/${key}/comment`,
      `GET /rest/api/3/issue/${key}/transitions`,
      `POST /rest/api/3/issue/${key}/transitions`,
    ]);
    expect(jira.seen.at(-1)?.body).toEqual({ transition: { id: '31' } });
  });

  it('turns Jira’s refusals into a 502 our callers retry, keeping Jira’s words', async () => {
    const wrong = jiraTracker({ ...config, apiToken: 'wrong' });
    await expect(wrong.addComment('SUP-1', 'x', 'y')).rejects.toMatchObject({
      statusCode: 502,
      jiraStatus: 401,
      detail: expect.stringContaining('Client must be authenticated'),
    });
    await expect(jiraTracker(config).cancelIssue('NOPE-1')).rejects.toMatchObject({ jiraStatus: 404 });
  });
});

describe('tickets numbered by Jira', () => {
  let demo: DemoServer;

  beforeAll(async () => {
    // JIRA_* were set above: the server picks the Jira tracker when it registers the ticket routes.
    demo = await startDemoServer();
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await demo.server.close();
  });

  it('gives a new ticket the Jira key, and still keeps the ticket in our database for the feed', async () => {
    const types = await demo.as<{ id: string; name: string }[]>(
      'northwindClient',
      'GET',
      `/api/company_support/request_types/${demo.companies.northwind}`,
    );
    const created = await demo.as<{ jiraIssueId: string }>(
      'northwindClient',
      'POST',
      '/api/company_support/ticket',
      {
        body: { requestTypeId: types.body[0]?.id, ticketDescription: 'From the portal', requestedBy: 'Dana' },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.jiraIssueId).toMatch(/^SUP-\d+$/);
    const details = await demo.as(
      'northwindClient',
      'GET',
      `/api/company_support/ticket/${created.body.jiraIssueId}/details`,
    );
    expect(details.status).toBe(200);
  });
});

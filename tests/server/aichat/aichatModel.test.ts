// GET AI's model path (docs/architecture.md §14 GET AI): the server asks an OpenAI-compatible model — here a fake one on loopback that
// answers scripted tool calls — and answers from the tool it chose; whatever the model does wrong, the embedded
// planner answers instead.
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/domain/assistant/messages';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';

/** What the fake model answers next: a tool call, prose, an HTTP error, or silence (no answer in time). */
type Script =
  | { toolCall: { name: string; arguments: unknown } }
  | { prose: string }
  | { status: number }
  | { hang: true };

interface Received {
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    tools: { function: { name: string } }[];
  };
}

let model: Server;
let demo: DemoServer;
let script: Script = { prose: 'hello' };
const received: Received[] = [];

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function completion(message: Record<string, unknown>) {
  return { id: 'c1', object: 'chat.completion', choices: [{ index: 0, message, finish_reason: 'stop' }] };
}

beforeAll(async () => {
  model = createServer((request, response) => {
    void bodyOf(request).then((text) => {
      if (request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      received.push({
        authorization: request.headers.authorization,
        body: JSON.parse(text) as Received['body'],
      });
      if ('hang' in script) return;
      if ('status' in script) {
        response.writeHead(script.status).end('{"error":"busy"}');
        return;
      }
      const message =
        'prose' in script
          ? { role: 'assistant', content: script.prose }
          : {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'call_1',
                  type: 'function',
                  function: {
                    name: script.toolCall.name,
                    arguments:
                      typeof script.toolCall.arguments === 'string'
                        ? script.toolCall.arguments
                        : JSON.stringify(script.toolCall.arguments),
                  },
                },
              ],
            };
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(completion(message)));
    });
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  const { port } = model.address() as AddressInfo;
  demo = await startDemoServer({
    env: {
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1/`,
      LLM_MODEL: 'test-model',
      LLM_API_KEY: 'test-key',
      LLM_TIMEOUT_MS: '1500',
    },
  });
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
  model.closeAllConnections();
  await new Promise((resolve) => model.close(resolve));
});

beforeEach(() => {
  received.length = 0;
});

async function say(message: string): Promise<ChatMessage[]> {
  const started = await demo.as<{ sessionId: string }>(
    'consultant',
    'POST',
    `/api/aichat/start?companyId=${demo.companies.northwind}`,
  );
  const res = await demo.as<{ messages: ChatMessage[] }>('consultant', 'POST', '/api/aichat/respond', {
    body: { sessionId: started.body.sessionId, message },
  });
  expect(res.status).toBe(200);
  return res.body.messages;
}

describe('GET AI with a model', () => {
  it('sends the message and the tools, and answers from the tool the model chose', async () => {
    script = {
      toolCall: {
        name: 'run_report',
        arguments: { reportType: 'missingInvoices', places: ['TX'], period: '2025' },
      },
    };
    // Words the embedded planner reads differently: the answer must be the model's.
    const [reply] = await say('gaps in our Lone Star paperwork for 2025');
    expect(reply?.options?.[0]?.action).toEqual({
      type: 'report',
      reportType: 'missingInvoices',
      params: { fromMonth: '2025-01', toMonth: '2025-12', states: ['TX'] },
    });
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call?.authorization).toBe('Bearer test-key');
    expect(call?.body.model).toBe('test-model');
    expect(call?.body.messages.at(-1)).toEqual({
      role: 'user',
      content: 'gaps in our Lone Star paperwork for 2025',
    });
    expect(call?.body.tools.map((tool) => tool.function.name)).toEqual([
      'run_report',
      'open_page',
      'create_ticket',
      'ask_back',
      'count_open_alerts',
      'greet_or_help',
    ]);
  });

  it('never sends the company’s data to the model', async () => {
    script = { toolCall: { name: 'greet_or_help', arguments: {} } };
    await say('what can you do?');
    const sites = await demo.rows<{ name: string }>(
      sql`select name from locations where company_id = ${demo.companies.northwind}`,
    );
    const sent = JSON.stringify(received[0]?.body);
    expect(sites.length).toBeGreaterThan(0);
    for (const site of sites) expect(sent).not.toContain(site.name);
  });

  it('runs a figure through the report engine and a ticket through the area rule', async () => {
    script = {
      toolCall: {
        name: 'run_report',
        arguments: { reportType: 'chargesByMonth', answerWithFigure: true, period: '2025' },
      },
    };
    const [figure] = await say('what was the damage in 2025');
    expect(figure?.text).toMatch(/^Spend — 2025: \*\*\$[\d,]+\.\d\d\*\*/);
    script = {
      toolCall: { name: 'create_ticket', arguments: { description: 'Meter 7 reads <b>twice</b>' } },
    };
    const [ticket] = await say('please get someone to look at meter 7');
    expect(ticket?.options?.[0]?.action).toEqual({
      type: 'ticket',
      description: 'Meter 7 reads <b>twice</b>',
    });
    expect(ticket?.text).toContain('\\<b\\>twice\\</b\\>');
  });

  it.each<[string, Script]>([
    ['prose instead of a tool', { prose: 'Sure! Here is your report.' }],
    ['an unknown tool', { toolCall: { name: 'drop_tables', arguments: {} } }],
    [
      'arguments outside the schema',
      { toolCall: { name: 'run_report', arguments: { reportType: 'all', top: -1 } } },
    ],
    ['arguments that are not JSON', { toolCall: { name: 'run_report', arguments: '{"reportType": ' } }],
    ['an HTTP error', { status: 503 }],
    ['no answer in time', { hang: true }],
  ])('answers with the embedded planner after %s', async (_, next) => {
    script = next;
    const [reply] = await say('missing invoices in Texas in 2025');
    expect(received).toHaveLength(1);
    expect(reply?.text).toContain('**Missing Invoices report** — Texas, 2025');
  });
});

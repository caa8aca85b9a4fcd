// GET AI's calls (spec 001 §7 Chat) against the real server with the small demo: start, respond, end, expiry,
// and who may chat about which company.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/domain/assistant/messages';
import { AREA_CLOSED_TEXT } from '../../../src/domain/assistant/respond';
import { CHAT_SESSION_EXPIRED_TEXT } from '../../../src/domain/chat';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoRole, DemoServer } from '../../helpers/demoServer';

let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer();
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

type Started = { sessionId: string; message: ChatMessage };
type Answer = { sessionId: string; messages: ChatMessage[] };

async function start(role: DemoRole, companyId: number) {
  return demo.as<Started>(role, 'POST', `/api/aichat/start?companyId=${companyId}`);
}

async function say(role: DemoRole, sessionId: string, message: string) {
  return demo.as<Answer>(role, 'POST', '/api/aichat/respond', { body: { sessionId, message } });
}

describe('POST /api/aichat/start', () => {
  it('greets a consultant with the company name and options', async () => {
    const res = await start('consultant', demo.companies.northwind);
    expect(res.status).toBe(200);
    expect(res.body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.message).toMatchObject({ agent: 'bot', type: 'text', sessionId: res.body.sessionId });
    expect(res.body.message.text).toContain('**Northwind Retail**');
    expect(res.body.message.options?.length).toBeGreaterThan(0);
  });

  it('answers 404 for a company the consultant is not granted, and to clients', async () => {
    expect((await start('consultant', demo.companies.cedar)).status).toBe(404);
    expect((await start('northwindAdmin', demo.companies.northwind)).status).toBe(404);
    expect((await start('northwindClient', demo.companies.northwind)).status).toBe(404);
    expect((await start('superConsultant', demo.companies.cedar)).status).toBe(200);
  });
});

describe('POST /api/aichat/respond', () => {
  it('plans a report and offers Generate with the report request', async () => {
    const { body } = await start('consultant', demo.companies.northwind);
    const res = await say('consultant', body.sessionId, 'missing invoices in Texas in 2025');
    expect(res.status).toBe(200);
    const [reply] = res.body.messages;
    expect(reply?.text).toContain('**Missing Invoices report** — Texas, 2025');
    expect(reply?.options?.[0]).toMatchObject({
      value: 'Generate',
      action: {
        type: 'report',
        reportType: 'missingInvoices',
        params: { fromMonth: '2025-01', toMonth: '2025-12', states: ['TX'] },
      },
    });
  });

  it('answers a figure from the report engine, equal to the bills in the database', async () => {
    const { body } = await start('consultant', demo.companies.northwind);
    const res = await say('consultant', body.sessionId, 'How much did we spend in 2025?');
    const [expected] = await demo.rows<{ total: string }>(
      sql`select coalesce(sum(total_new_charges), 0)::text as total from bills where company_id = ${demo.companies.northwind} and bill_month between '2025-01' and '2025-12' and not is_invoice_missing`,
    );
    const total = Number(expected?.total ?? NaN).toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
    });
    expect(res.body.messages[0]?.text).toContain(`Spend — 2025: **${total}**`);
    expect(res.body.messages[0]?.options?.[0]?.action.type).toBe('report');
  });

  it('counts open alerts by rule as the database does, and links the Alerts page', async () => {
    const { body } = await start('consultant', demo.companies.northwind);
    const res = await say('consultant', body.sessionId, 'how many open alerts do we have?');
    const [expected] = await demo.rows<{ total: number }>(
      sql`select count(*)::int as total from alerts where company_id = ${demo.companies.northwind} and status in ('open', 'pending', 'pending - client input')`,
    );
    expect(expected?.total).toBeGreaterThan(0);
    expect(res.body.messages[0]?.text).toMatch(
      new RegExp(`^\\*\\*${(expected?.total ?? 0).toLocaleString('en-US')}\\*\\* open alerts, by rule:`),
    );
    expect(res.body.messages[0]?.options?.[0]?.action).toEqual({
      type: 'navigate',
      target: { page: 'alerts' },
    });
  });

  it('answers the budget status from the budget-vs-actual report', async () => {
    const { body } = await start('consultant', demo.companies.northwind);
    const res = await say('consultant', body.sessionId, 'are we over budget this year?');
    expect(res.body.messages[0]?.text).toMatch(/^(Budget — .+: actual \*\*\$|No budgets cover)/);
    expect(res.body.messages[0]?.options?.[0]?.action).toMatchObject({
      type: 'report',
      reportType: 'budgetVsActual',
    });
  });

  it('opens pages by their names and the company’s places', async () => {
    const { body } = await start('superConsultant', demo.companies.northwind);
    const [site] = await demo.rows<{ id: string; name: string; city: string }>(
      sql`select id, name, city from locations where company_id = ${demo.companies.northwind} order by name limit 1`,
    );
    if (!site) throw new Error('no site');
    const accounts = await say('superConsultant', body.sessionId, `show accounts in ${site.city}`);
    expect(accounts.body.messages[0]?.options?.[0]?.action).toEqual({
      type: 'navigate',
      target: { page: 'accounts', search: site.city },
      openNow: true,
    });
    const one = await say('superConsultant', body.sessionId, `open the ${site.name} location`);
    expect(one.body.messages[0]?.options?.[0]?.action).toEqual({
      type: 'navigate',
      target: { page: 'location', locationId: site.id },
      openNow: true,
    });
  });

  it('proposes a ticket for review, and only where the company has support', async () => {
    const { body } = await start('consultant', demo.companies.northwind);
    const res = await say(
      'consultant',
      body.sessionId,
      'open a ticket: the March bill for **1234** is missing',
    );
    const [reply] = res.body.messages;
    expect(reply?.text).toContain('> the March bill for \\*\\*1234\\*\\* is missing');
    expect(reply?.options?.[0]).toEqual({
      value: 'Review ticket',
      icon: 'life-buoy',
      action: { type: 'ticket', description: 'the March bill for **1234** is missing' },
    });
    await demo.rows(
      sql`update companies set company_has_support_access = false where id = ${demo.companies.northwind} returning id`,
    );
    try {
      const closed = await say('consultant', body.sessionId, 'ticket: the meter read is wrong');
      expect(closed.body.messages[0]?.text).toBe(AREA_CLOSED_TEXT);
      expect(closed.body.messages[0]?.options).toBeUndefined();
    } finally {
      await demo.rows(
        sql`update companies set company_has_support_access = true where id = ${demo.companies.northwind} returning id`,
      );
    }
  });

  it('refuses blank messages and says the session expired when it is unknown or someone else’s', async () => {
    const { body } = await start('consultant', demo.companies.northwind);
    expect((await say('consultant', body.sessionId, '   ')).status).toBe(400);
    const other = await say('superConsultant', body.sessionId, 'hi');
    expect(other.body.messages[0]?.text).toBe(CHAT_SESSION_EXPIRED_TEXT);
    const unknown = await say('consultant', '00000000-0000-4000-8000-000000000000', 'hi');
    expect(unknown.status).toBe(200);
    expect(unknown.body.messages[0]?.text).toBe(CHAT_SESSION_EXPIRED_TEXT);
    expect((await say('northwindAdmin', body.sessionId, 'hi')).status).toBe(404);
  });

  it('stops reaching a company once its grant is withdrawn', async () => {
    const { body } = await start('consultant', demo.companies.summit);
    expect((await say('consultant', body.sessionId, 'hi')).body.messages[0]?.text).not.toBe(
      CHAT_SESSION_EXPIRED_TEXT,
    );
    await demo.rows(
      sql`delete from consultant_company_access where company_id = ${demo.companies.summit} returning company_id`,
    );
    const after = await say('consultant', body.sessionId, 'How much did we spend last year?');
    expect(after.body.messages[0]?.text).toBe(CHAT_SESSION_EXPIRED_TEXT);
    expect((await start('consultant', demo.companies.summit)).status).toBe(404);
  });
});

describe('DELETE /api/aichat/session', () => {
  it('ends only the caller’s own session', async () => {
    const { body } = await start('consultant', demo.companies.northwind);
    const path = `/api/aichat/session?sessionId=${body.sessionId}`;
    expect((await demo.as('superConsultant', 'DELETE', path)).body).toEqual({ deleted: false });
    expect((await demo.as('consultant', 'DELETE', path)).body).toEqual({ deleted: true });
    expect((await say('consultant', body.sessionId, 'hi')).body.messages[0]?.text).toBe(
      CHAT_SESSION_EXPIRED_TEXT,
    );
  });
});

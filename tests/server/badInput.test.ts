// Every write route of the server's own route table (POST, PUT, PATCH, DELETE under /api) against bad values made from
// that route's schema: each request is signed in as a user allowed to call the route, and one of its fields (a path
// param, a query value, a body field at any depth, an If-Match or Idempotency-Key header) carries a bad value — the
// wrong JSON type, a number past its column, an impossible date, an id some row already has or the same id twice.
// No answer may be a 5xx (the device's outbox retries those for ever, docs/architecture.md §4), and no 4xx may leave a
// row written: a trigger on every table logs each committed row change.
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_REFUSED } from '../../server/src/http/errorHandling';
import { routeTable } from '../../server/src/http/routeTable';
import type { RouteEntry } from '../../server/src/http/routeTable';
import { SEED_TIMEOUT_MS, startDemoServer } from '../helpers/demoServer';
import type { DemoRole, DemoServer } from '../helpers/demoServer';
import { call } from '../helpers/testServer';

/** Requests per route; BAD_INPUT_RUNS raises it for a longer search, BAD_INPUT_SEED replays a run. */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 25);
const SEED = process.env.BAD_INPUT_SEED === undefined ? undefined : Number(process.env.BAD_INPUT_SEED);
/** BAD_INPUT_LOG names a file that gets every request and its answer, to see how deep the walk reaches. */
const LOG = process.env.BAD_INPUT_LOG;

/** A JSON schema as the route table holds it (TypeBox's output). */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

let demo: DemoServer;
let northwind: number;
/** Ids of Northwind's rows, by table; ids of other companies' rows (all tables). */
let ownIds: Map<string, string[]>;
let ownIdList: string[];
let foreignIds: string[];
/** Values Northwind's rows hold, by column name in camel case (`serviceType` → electric, gas…). */
let samples: Map<string, unknown[]>;

/** The table of an entity name of the access rules (`alertNotes` → `alert_notes`). */
function tableOf(entity: string): string {
  return entity.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

async function writesLogged(): Promise<number> {
  const [row] = await demo.rows<{ n: string | number }>(sql`select count(*) as n from bad_input_writes`);
  return Number(row?.n ?? -1);
}

/**
 * Logs every committed row change of every table (a rolled-back change leaves no log row either), but the server's
 * shared state: a refused sign-in still counts against its rate limit, by design (docs §5).
 */
async function installWriteLog(): Promise<void> {
  const statements = [
    'create table bad_input_writes (id bigserial primary key, table_name text not null)',
    `create function bad_input_log() returns trigger language plpgsql as $$
      begin insert into bad_input_writes (table_name) values (tg_table_name); return null; end $$`,
    `do $$ declare t record; begin
      for t in select tablename from pg_tables where schemaname = 'public'
          and tablename not in ('bad_input_writes', 'rate_limit_windows', 'saml_requests') loop
        execute format('create trigger bad_input_log after insert or update or delete on %I
          for each row execute function bad_input_log()', t.tablename);
      end loop;
    end $$`,
  ];
  for (const statement of statements) await demo.server.db.execute(sql.raw(statement));
}

async function collectIds(): Promise<void> {
  const tables = await demo.rows<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    join information_schema.columns k on k.table_name = c.table_name and k.table_schema = c.table_schema
    where c.table_schema = 'public' and c.column_name = 'id' and c.data_type = 'uuid' and k.column_name = 'company_id'`);
  ownIds = new Map();
  foreignIds = [];
  for (const { table_name: table } of tables) {
    const own = await demo.rows<{ id: string }>(
      sql`select id::text as id from ${sql.identifier(table)} where company_id = ${northwind} order by id limit 3`,
    );
    ownIds.set(
      table,
      own.map((row) => row.id),
    );
    const foreign = await demo.rows<{ id: string }>(
      sql`select id::text as id from ${sql.identifier(table)} where company_id <> ${northwind} order by id limit 1`,
    );
    foreignIds.push(...foreign.map((row) => row.id));
  }
  ownIdList = [...ownIds.values()].flat();
}

/**
 * Values of Northwind's rows by column, so a body's `serviceType`, `startDate` or `unit` is often one the route's rules
 * accept and the bad value in another field reaches the code that writes.
 */
async function collectSamples(): Promise<void> {
  samples = new Map();
  const tables = await demo.rows<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'company_id' and table_name <> 'bad_input_writes'`);
  for (const { table_name: table } of tables) {
    const rows = await demo.rows<Record<string, unknown>>(
      sql`select * from ${sql.identifier(table)} where company_id = ${northwind} limit 4`,
    );
    for (const row of rows)
      for (const [column, value] of Object.entries(row)) {
        if (value === null || typeof value === 'object') continue;
        const key = column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
        const list = samples.get(key) ?? [];
        if (list.length < 12 && !list.includes(value)) list.push(value);
        samples.set(key, list);
      }
  }
}

/** The sampled values of a field that fit its schema's type and bounds. */
function samplesFor(name: string, schema: Schema): Json[] {
  return fitting(samples.get(name) ?? [], schema);
}

/** The values that fit a schema's type and bounds, as JSON (numeric text read as a number). */
function fitting(values: readonly unknown[], schema: Schema): Json[] {
  const types = typesOf(schema);
  const fits: Json[] = [];
  for (const value of values) {
    if (types.includes('number') || types.includes('integer')) {
      const number = Number(value);
      if (
        !Number.isFinite(number) ||
        (types.includes('integer') && !types.includes('number') && !Number.isInteger(number))
      )
        continue;
      if (number < (schema.minimum ?? -Infinity) || number > (schema.maximum ?? Infinity)) continue;
      fits.push(number);
    } else if (types.includes('string') && (typeof value === 'string' || typeof value === 'number')) {
      const text = String(value);
      if (text.length > (schema.maxLength ?? Infinity) || text.length < (schema.minLength ?? 0)) continue;
      if (schema.pattern && !new RegExp(schema.pattern).test(text)) continue;
      fits.push(text);
    } else if (types.includes('boolean') && typeof value === 'boolean') fits.push(value);
  }
  return fits;
}

// ---- values a schema allows -------------------------------------------------------------------------------------

const calendarDate = fc
  .record({
    year: fc.integer({ min: 2020, max: 2032 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ year, month, day }) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
const calendarMonth = calendarDate.map((day) => day.slice(0, 7));

/** An id: a new one, one of Northwind's rows (of the route's own entity first) or another company's. */
function idArb(preferred: readonly string[]): Arbitrary<string> {
  return fc.oneof(
    fc.constant(null).map(() => randomUUID()),
    fc.constantFrom(...(preferred.length > 0 ? preferred : ownIdList)),
    fc.constantFrom(...ownIdList),
    fc.constantFrom(...foreignIds),
  );
}

function typesOf(schema: Schema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** Values the schema accepts (mostly: patterns other than ids are approximated), ids drawn from the demo's rows. */
function validArb(schema: Schema, preferred: readonly string[]): Arbitrary<Json> {
  if (schema.const !== undefined) return fc.constant(schema.const as Json);
  if (schema.enum) return fc.constantFrom(...(schema.enum as Json[]));
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => validArb(branch, preferred)));
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validArb({ ...schema, type }, preferred)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, -1e6),
        max: Math.min(schema.maximum ?? 1e6, 1e6),
      });
    case 'number':
      return fc.double({
        min: Math.max(schema.minimum ?? -1e6, -1e6),
        max: Math.min(schema.maximum ?? 1e6, 1e6),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'array': {
      const items = schema.items ? validArb(schema.items, preferred) : fc.constant(null);
      return fc.array(items, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => {
          const known = samplesFor(key, value);
          const arb = validArb(value, preferred);
          return [
            key,
            known.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, arb) : arb,
          ];
        }),
      );
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    case 'string':
      return stringArb(schema, preferred);
    default:
      return fc.constant(null);
  }
}

function stringArb(schema: Schema, preferred: readonly string[]): Arbitrary<string> {
  if (schema.pattern === UUID_PATTERN) return idArb(preferred);
  if (schema.format === 'calendar-date') return calendarDate;
  if (schema.format === 'calendar-month') return calendarMonth;
  if (schema.format === 'calendar-month-or-date') return fc.oneof(calendarDate, calendarMonth);
  if (schema.format === 'email') return fc.constantFrom('client@northwind.demo', 'someone@example.com');
  const maxLength = Math.min(schema.maxLength ?? 24, 24);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((text) => text.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
}

// ---- bad values ---------------------------------------------------------------------------------------------------

/** Bad whatever the field: wrong types, numbers no column holds, impossible dates, text of numbers. */
const ANY_BAD: Json[] = [
  true,
  false,
  null,
  0,
  -1,
  1.5,
  1e300,
  -1e300,
  2_147_483_648,
  'Infinity',
  '-Infinity',
  'NaN',
  '1e300',
  '',
  ' ',
  '2026-02-30',
  '2026-02-39',
  '2026-04-31',
  '00000000-0000-0000-0000-000000000000',
  {},
  [],
  'x'.repeat(5000),
];

/** Bad for this field in particular: just past its bounds, one character too long, a list naming one thing twice. */
function badFor(schema: Schema, preferred: readonly string[]): Arbitrary<Json> {
  const specific: Arbitrary<Json>[] = [fc.constantFrom(...ANY_BAD), fc.constantFrom(...foreignIds)];
  if (schema.maximum !== undefined)
    specific.push(fc.constant(schema.maximum + 1), fc.constant(schema.maximum * 10 + 1));
  if (schema.minimum !== undefined) specific.push(fc.constant(schema.minimum - 1));
  if (schema.maxLength !== undefined) specific.push(fc.constant('a'.repeat(schema.maxLength + 1)));
  if (typesOf(schema).includes('array') && schema.items) {
    specific.push(validArb(schema.items, preferred).map((item) => [item, item]));
    specific.push(fc.constantFrom(...foreignIds).map((id) => [id, id]));
  }
  return fc.oneof(...specific);
}

/** The places of a schema a bad value can go: `[]` is the value itself, `['items', 0, 'id']` a field within. */
function placesOf(schema: Schema, depth = 0): (string | number)[][] {
  const places: (string | number)[][] = [[]];
  if (depth > 4) return places;
  for (const [key, value] of Object.entries(schema.properties ?? {}))
    for (const place of placesOf(value, depth + 1)) places.push([key, ...place]);
  if (schema.items) for (const place of placesOf(schema.items, depth + 1)) places.push([1, ...place]);
  for (const branch of schema.anyOf ?? schema.oneOf ?? [])
    for (const place of placesOf(branch, depth + 1)) if (place.length > 0) places.push(place);
  return places;
}

function schemaAt(schema: Schema, place: readonly (string | number)[]): Schema {
  let current: Schema = schema;
  for (const step of place) {
    const branches = current.anyOf ?? current.oneOf ?? [current];
    const next = branches
      .map((branch) => (typeof step === 'number' ? branch.items : branch.properties?.[step]))
      .find((found) => found !== undefined);
    if (!next) return {};
    current = next;
  }
  return current;
}

/** `value` with `bad` put at `place`, the containers on the way made when missing (an array gets a first item). */
function putAt(value: Json, place: readonly (string | number)[], bad: Json): Json {
  const [step, ...rest] = place;
  if (step === undefined) return bad;
  if (typeof step === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    if (list.length === 0) list.push(rest.length > 0 ? {} : null);
    if (list.length <= step) list.push(structuredClone(list[0] ?? null));
    list[step] = putAt(list[step] ?? {}, rest, bad);
    return list;
  }
  const record = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  record[step] = putAt(record[step] ?? {}, rest, bad);
  return record;
}

// ---- requests -----------------------------------------------------------------------------------------------------

type Part = 'params' | 'querystring' | 'body';

interface Request {
  params: Record<string, Json>;
  querystring: Record<string, Json>;
  body: Json | undefined;
  headers: Record<string, string>;
}

/** Who calls a route: a user the route's access rule lets through, so the handler sees the bad value. */
function callerOf(route: RouteEntry): DemoRole | null {
  const access = route.access;
  if (!access || access.public) return null;
  if (access.company.from === 'caller') return 'northwindAdmin';
  return 'superConsultant';
}

/** The ids a route's `:id` most likely names: its entity's rows (the twin of an entity route: the same entity). */
function preferredIds(route: RouteEntry, table: readonly RouteEntry[]): string[] {
  const own = route.url.replace('/api/companies/:companyId', '/api');
  const source =
    table.find((other) => other.url === own && other.method === route.method)?.access ?? route.access;
  if (!source || source.public) return [];
  const company = source.company;
  const entity = company.from === 'entity' || company.from === 'bodyEntity' ? company.entity : null;
  return entity ? (ownIds.get(tableOf(entity)) ?? []) : [];
}

function partSchema(route: RouteEntry, part: Part): Schema | undefined {
  const schema = route.schema as Record<Part, Schema | undefined> | undefined;
  return schema?.[part];
}

/** A request the route's schema accepts (approximately), with the caller's company in the path. */
/** Rows of Northwind in the table a route writes (its entity, or its path's first word: `/contracts/add`). */
const rowsByTable = new Map<string, Record<string, unknown>[]>();

async function loadRows(route: RouteEntry, table: readonly RouteEntry[]): Promise<Record<string, unknown>[]> {
  const own = route.url.replace('/api/companies/:companyId', '/api');
  const source =
    table.find((other) => other.url === own && other.method === route.method)?.access ?? route.access;
  const names: string[] = [];
  if (source && !source.public && (source.company.from === 'entity' || source.company.from === 'bodyEntity'))
    names.push(tableOf(source.company.entity));
  const word = /^\/api\/([A-Za-z_]+)/.exec(own)?.[1];
  if (word) names.push(tableOf(word), tableOf(word).toLowerCase());
  for (const name of names) {
    const cached = rowsByTable.get(name);
    if (cached) return cached;
    const [exists] = await demo.rows<{ n: string | number }>(sql`
      select count(*) as n from information_schema.columns
      where table_schema = 'public' and table_name = ${name} and column_name = 'company_id'`);
    if (Number(exists?.n ?? 0) === 0) continue;
    const rows = await demo.rows<Record<string, unknown>>(
      sql`select * from ${sql.identifier(name)} where company_id = ${northwind} limit 6`,
    );
    const camel = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
          value,
        ]),
      ),
    );
    rowsByTable.set(name, camel);
    return camel;
  }
  return [];
}

/** A body made from one of the route's own rows (the fields the row has, but a fresh id), the rest generated. */
function rowBodyArb(schema: Schema, rows: readonly Record<string, unknown>[], preferred: readonly string[]) {
  return fc.constantFrom(...rows).chain((row) => {
    const properties = schema.properties ?? {};
    const model = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => {
        const [fit] = key === 'id' ? [] : fitting(key in row ? [row[key]] : [], value);
        return [key, fit === undefined ? validArb(value, preferred) : fc.constant(fit)];
      }),
    );
    return fc.record(model, { requiredKeys: schema.required ?? [] });
  });
}

function requestArb(
  route: RouteEntry,
  preferred: readonly string[],
  rows: readonly Record<string, unknown>[],
): Arbitrary<Request> {
  const params = partSchema(route, 'params');
  const query = partSchema(route, 'querystring');
  const body = partSchema(route, 'body');
  const bodyArb =
    body && typesOf(body).includes('object') && rows.length > 0
      ? fc.oneof({ arbitrary: rowBodyArb(body, rows, preferred), weight: 2 }, validArb(body, preferred))
      : body
        ? validArb(body, preferred)
        : fc.constant(undefined);
  return fc.record({
    params: params ? (validArb(params, preferred) as Arbitrary<Record<string, Json>>) : fc.constant({}),
    querystring: query ? (validArb(query, preferred) as Arbitrary<Record<string, Json>>) : fc.constant({}),
    body: bodyArb,
    headers: fc.constant({}),
  });
}

/** One bad value in one place of the request: a param, a query value, a body field or a header. */
function badRequestArb(
  route: RouteEntry,
  preferred: readonly string[],
  rows: readonly Record<string, unknown>[],
): Arbitrary<Request> {
  const places: { part: Part | 'headers'; place: (string | number)[]; schema: Schema }[] = [];
  for (const part of ['params', 'querystring', 'body'] as const) {
    const schema = partSchema(route, part);
    if (!schema) continue;
    for (const place of placesOf(schema))
      if (part === 'body' || place.length === 1)
        places.push({ part, place, schema: schemaAt(schema, place) });
  }
  places.push({ part: 'headers', place: ['if-match'], schema: {} });
  places.push({ part: 'headers', place: ['idempotency-key'], schema: {} });
  return fc
    .record({ request: requestArb(route, preferred, rows), which: fc.constantFrom(...places) })
    .chain(({ request, which }) =>
      badFor(which.schema, preferred).map((bad): Request => {
        if (which.part === 'headers') {
          const header = typeof bad === 'string' ? bad : JSON.stringify(bad);
          return { ...request, headers: { [String(which.place[0])]: header.replace(/[^\x20-\x7e]/g, '') } };
        }
        if (which.part === 'body') return { ...request, body: putAt(request.body ?? {}, which.place, bad) };
        return {
          ...request,
          [which.part]: putAt(request[which.part], which.place, bad) as Record<string, Json>,
        };
      }),
    );
}

function text(value: Json): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The URL of a request: path params in place (the caller's company in `:companyId`), the query as text. */
function urlOf(route: RouteEntry, request: Request): string {
  const path = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = request.params[name];
    if (name === 'companyId' && !(name in request.params && typeof value !== 'number'))
      return String(northwind);
    return encodeURIComponent(value === undefined ? randomUUID() : text(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request.querystring))
    if (Array.isArray(value)) for (const item of value) query.append(key, text(item));
    else if (value !== undefined) query.append(key, text(value));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Sends the request and checks the rule: no 5xx, nothing written by a 4xx, no 400 left to the database. */
async function check(route: RouteEntry, request: Request): Promise<void> {
  const role = callerOf(route);
  const before = await writesLogged();
  const res = await call<{ error?: { code?: string } }>(demo.server, route.method, urlOf(route, request), {
    ...(role ? { token: demo.tokens[role] } : {}),
    ...(request.body === undefined ? {} : { body: request.body }),
    headers: request.headers,
  });
  const what = `${route.method} ${urlOf(route, request)} ${JSON.stringify(request.body)?.slice(0, 400)} → ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`;
  if (LOG) appendFileSync(LOG, `${what}\n`);
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) {
    expect(await writesLogged(), `a ${res.status} wrote rows: ${what}`).toBe(before);
    expect(res.body?.error?.code, `the database refused a value the route let through: ${what}`).not.toBe(
      DATABASE_REFUSED,
    );
  }
}

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  await installWriteLog();
  await collectIds();
  await collectSamples();
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every number a schema takes, and every string that looks like a date, with where it is. */
function leaves(schema: Schema, path: string): { path: string; schema: Schema }[] {
  const found: { path: string; schema: Schema }[] = [];
  const types = typesOf(schema);
  if (types.includes('number') || types.includes('integer')) found.push({ path, schema });
  if (types.includes('string') && (schema.pattern?.startsWith('^[0-9]{4}-') ?? false))
    found.push({ path, schema });
  for (const [key, value] of Object.entries(schema.properties ?? {}))
    found.push(...leaves(value, `${path}.${key}`));
  if (schema.items) found.push(...leaves(schema.items, `${path}.0`));
  for (const branch of schema.anyOf ?? schema.oneOf ?? []) found.push(...leaves(branch, path));
  return found;
}

describe('request schemas', () => {
  it('bound every number and take dates only as calendar dates or months, on every route', () => {
    const problems: string[] = [];
    for (const route of routeTable(demo.server.app))
      for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
        const schema = (route.schema as Record<string, Schema | undefined> | undefined)?.[part];
        if (!schema) continue;
        for (const leaf of leaves(schema, part)) {
          const where = `${route.method} ${route.url} ${leaf.path}`;
          if (typesOf(leaf.schema).includes('string'))
            problems.push(`${where}: a date pattern, not a calendar format`);
          else if (!Number.isFinite(leaf.schema.minimum) || !Number.isFinite(leaf.schema.maximum))
            problems.push(`${where}: a number without bounds`);
        }
      }
    expect(problems).toEqual([]);
  });
});

describe('bad input on every write route', () => {
  it(
    'walks every write route of the route table with generated bad values',
    { timeout: 600_000 },
    async () => {
      const table = routeTable(demo.server.app);
      const writes = table.filter((route) => WRITE_METHODS.has(route.method));
      expect(writes.length).toBeGreaterThan(100);
      for (const route of writes) {
        const preferred = preferredIds(route, table);
        const rows = await loadRows(route, table);
        await fc.assert(
          fc.asyncProperty(badRequestArb(route, preferred, rows), (request) => check(route, request)),
          { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
        );
      }
    },
  );
});

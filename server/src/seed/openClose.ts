// Open/close account requests in every status (Received 0, In Progress 1, Pending 2, Done 3), each with its history
// (created, then one status event per step) and notes.
import type { openCloseEvents, openCloseNotes, openCloseRequests } from '../db/schema';
import type { SyncedInsert } from './bulkInsert';
import type { CompanyContext, SeedAccount } from './context';
import { addDays, daysBetween, stamp } from './dates';
import { rngFor } from './random';
import { demoUserName } from './users';
import { FIRST_NAMES, LAST_NAMES } from './words';

/** Open/close requests of a company, their notes and their history. */
export interface OpenCloseData {
  requests: SyncedInsert<typeof openCloseRequests>[];
  notes: SyncedInsert<typeof openCloseNotes>[];
  events: SyncedInsert<typeof openCloseEvents>[];
}

const NOTES: Readonly<Record<number, readonly string[]>> = {
  0: ['Request received; confirming the service address with the site.'],
  1: [
    'Called the utility; start-of-service order submitted.',
    'Deposit waiver requested with the letter of credit.',
  ],
  2: [
    'Waiting on the landlord to confirm the turnover date.',
    'Utility needs a signed LOA before it can proceed.',
  ],
  3: [
    'Confirmation number received; first bill expected next cycle.',
    'Final meter read scheduled and confirmed.',
  ],
};

/** Generates requests cycling through all four statuses, alternating opening and closing accounts. */
export function generateOpenClose(ctx: CompanyContext, accounts: readonly SeedAccount[]): OpenCloseData {
  const data: OpenCloseData = { requests: [], notes: [], events: [] };
  if (ctx.plan.flags.openCloseAccess !== true || accounts.length === 0) return data;
  const rng = rngFor(ctx.seed, ctx.plan.key, 'open-close');
  const count = ctx.size === 'small' ? 8 : 16;
  const consultant = ctx.staff.consultantId;
  const requesters = ctx.staff.clientIds.length > 0 ? ctx.staff.clientIds : [consultant];
  const authors = [consultant, ...ctx.staff.clientIds];
  const base = { companyId: ctx.companyId, updatedAt: ctx.stamp };
  // Every event and note of the seed happened before the as-of day.
  const before = (day: string) => (day < ctx.asOf ? day : addDays(ctx.asOf, -1));
  for (let i = 0; i < count; i += 1) {
    const accountStatus = i % 4;
    const isOpen = i % 2 === 0;
    const account = rng.pick(accounts);
    const serviceType = account.profile.services[0] ?? 'electric';
    const createdOn = addDays(
      ctx.asOf,
      -rng.int(accountStatus === 3 ? 60 : 3, accountStatus === 3 ? 300 : 75),
    );
    const storeDate = addDays(createdOn, rng.int(14, 120));
    const requestedBy = rng.pick(requesters);
    const contactFirst = rng.pick(FIRST_NAMES);
    const contactLast = rng.pick(LAST_NAMES);
    const id = rng.uuid();
    data.requests.push({
      ...base,
      id,
      locationId: account.location.row.id,
      // An opening request has no account until it is done.
      accountId: isOpen && accountStatus < 3 ? null : account.row.id,
      serviceType,
      isOpen,
      accountStatus,
      turnoverDate: isOpen ? addDays(storeDate, -30) : addDays(storeDate, 7),
      storeCloseDate: isOpen ? null : storeDate,
      storeOpenDate: isOpen ? storeDate : null,
      requestedBy,
      requestedByName: demoUserName(requestedBy),
      contactName: `${contactFirst} ${contactLast}`,
      // The fictional 555-01xx range.
      contactPhone: `(512) 555-01${rng.digits(2)}`,
      contactEmail: `${contactFirst}.${contactLast}@${ctx.plan.domain}`.toLowerCase(),
      createdAt: stamp(createdOn, 9),
    });
    const event = (kind: string, day: string, hour: number, by: number | null) => ({
      ...base,
      id: rng.uuid(),
      requestId: id,
      kind,
      fromStatus: null as number | null,
      toStatus: null as number | null,
      fields: null,
      createdBy: by,
      createdByName: demoUserName(by),
      createdAt: stamp(before(day), hour),
    });
    data.events.push(event('created', createdOn, 9, requestedBy));
    // Status steps spread over the days between the request and the as-of day, in order.
    const span = daysBetween(createdOn, ctx.asOf);
    for (let status = 1; status <= accountStatus; status += 1) {
      const day = addDays(createdOn, Math.floor((span * status) / (accountStatus + 1)));
      data.events.push({ ...event('status', day, 10, consultant), fromStatus: status - 1, toStatus: status });
    }
    // The notes of the steps reached so far, in order, so a request's notes read as its story.
    const story =
      accountStatus === 0
        ? (NOTES[0] ?? [])
        : [1, 2, 3].flatMap((step) => (step <= accountStatus ? (NOTES[step] ?? []) : []));
    const noteCount = accountStatus === 0 ? rng.int(0, 1) : rng.int(1, 3);
    for (let n = 0; n < noteCount; n += 1) {
      const created = addDays(createdOn, n * 5 + rng.int(0, 4));
      const createdBy = rng.pick(authors);
      data.notes.push({
        ...base,
        id: rng.uuid(),
        requestId: id,
        note: story[n % story.length] ?? 'Update logged.',
        createdBy,
        createdByName: demoUserName(createdBy),
        createdAt: stamp(before(created), 13 + n),
      });
    }
  }
  return data;
}

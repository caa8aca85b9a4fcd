// Open/close account requests in every status (Received 0, In Progress 1, Pending 2, Done 3) with notes.
import type { openCloseNotes, openCloseRequests } from '../db/schema';
import type { CompanyContext, RowOf, SeedAccount } from './context';
import { addDays, stamp } from './dates';
import { rngFor } from './random';

/** Open/close requests of a company and their notes. */
export interface OpenCloseData {
  requests: RowOf<typeof openCloseRequests>[];
  notes: RowOf<typeof openCloseNotes>[];
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
  const data: OpenCloseData = { requests: [], notes: [] };
  if (ctx.plan.flags.openCloseAccess !== true || accounts.length === 0) return data;
  const rng = rngFor(ctx.seed, ctx.plan.key, 'open-close');
  const count = ctx.size === 'small' ? 8 : 16;
  const authors = [ctx.staff.consultantId, ...ctx.staff.clientIds];
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
    const id = rng.uuid();
    data.requests.push({
      id,
      companyId: ctx.companyId,
      locationId: account.location.row.id,
      // An opening request has no account until it is done.
      accountId: isOpen && accountStatus < 3 ? null : account.row.id,
      serviceType,
      isOpen,
      accountStatus,
      turnoverDate: isOpen ? addDays(storeDate, -30) : addDays(storeDate, 7),
      storeCloseDate: isOpen ? null : storeDate,
      storeOpenDate: isOpen ? storeDate : null,
      createdAt: stamp(createdOn, 9),
    });
    const noteCount = accountStatus === 0 ? rng.int(0, 1) : rng.int(1, 3);
    for (let n = 0; n < noteCount; n += 1) {
      const status = Math.min(accountStatus, n + (accountStatus === 0 ? 0 : 1));
      const created = addDays(createdOn, n * 5 + rng.int(0, 4));
      data.notes.push({
        id: rng.uuid(),
        requestId: id,
        companyId: ctx.companyId,
        note: rng.pick(NOTES[status] ?? ['Update logged.']),
        createdBy: rng.pick(authors),
        createdAt: stamp(created < ctx.asOf ? created : addDays(ctx.asOf, -1), 13 + n),
      });
    }
  }
  return data;
}

// Support request types (shared and per company), tickets with comments and one attachment. Tickets, comments and
// attachments are synced rows; the attachment's bytes wait in file_inbox under its storage key until the server moves
// them to the file store at start (server/src/files/inbox.ts).
import { createHash } from 'node:crypto';
import type {
  fileInbox,
  supportRequestTypes,
  supportTickets,
  ticketAttachments,
  ticketComments,
} from '../db/schema';
import type { SyncedInsert } from './bulkInsert';
import type { CompanyContext, RowOf, SeedAccount } from './context';
import { addDays, stamp } from './dates';
import { tinyPdf } from './documents';
import { CONSULTANCY_NAME } from './plans';
import { rngFor } from './random';
import { DEMO_USERS } from './users';

/** Jira-style number of the first seeded ticket ('GET-1001'). */
export const FIRST_TICKET_NUMBER = 1001;

/** Request types offered to every company. */
export const SHARED_REQUEST_TYPES = [
  'Billing Question',
  'Account Change',
  'Data Correction',
  'Report Request',
  'Portal Access',
  'Other',
];

/** Tickets of a company with their comments and attachments. */
export interface TicketData {
  requestTypes: RowOf<typeof supportRequestTypes>[];
  tickets: SyncedInsert<typeof supportTickets>[];
  comments: SyncedInsert<typeof ticketComments>[];
  attachments: SyncedInsert<typeof ticketAttachments>[];
  files: RowOf<typeof fileInbox>[];
}

function nameOf(userId: number | null): string {
  const user = DEMO_USERS.find((candidate) => candidate.id === userId);
  return user ? `${user.firstName} ${user.lastName}` : CONSULTANCY_NAME;
}

const STATUSES = ['Received', 'In Progress', 'Pending', 'Done', 'Cancelled'] as const;

function ticketText(type: string, account: SeedAccount): { summary: string; description: string } {
  const site = account.location.row.name;
  const number = account.row.accountNumber;
  switch (type) {
    case 'Billing Question':
      return {
        summary: `Charges look high on ${number}`,
        description: `The latest bill for ${site} (account ${number}) is well above last month. Can you review it?`,
      };
    case 'Account Change':
      return {
        summary: `Update mailing address for ${number}`,
        description: `Please move paper bills for ${site} to the AP lockbox.`,
      };
    case 'Data Correction':
      return {
        summary: `Wrong square footage for ${site}`,
        description: `The site was expanded last year; the portal still shows the old square footage.`,
      };
    case 'Report Request':
      return {
        summary: 'Quarterly usage report by region',
        description: 'We need kWh and spend by region for the last four quarters for the board deck.',
      };
    case 'Portal Access':
      return {
        summary: 'New facilities manager needs access',
        description: `Please invite the new facilities manager for ${site}.`,
      };
    case 'Store Opening / Closing':
      return {
        summary: `Utilities for the remodel at ${site}`,
        description: 'Temporary service is needed during the remodel; please coordinate with the utility.',
      };
    default:
      return {
        summary: `Question about ${site}`,
        description: 'General question about the site; details in the comments.',
      };
  }
}

/** Request types shared by every company (company null). */
export function sharedRequestTypes(seed: number): RowOf<typeof supportRequestTypes>[] {
  const rng = rngFor(seed, 'request-types');
  return SHARED_REQUEST_TYPES.map((name) => ({ id: rng.uuid(), companyId: null, name }));
}

/** Generates tickets numbered from `firstNumber` for companies with support access. */
export function generateTickets(
  ctx: CompanyContext,
  accounts: readonly SeedAccount[],
  firstNumber: number,
): TicketData {
  const data: TicketData = { requestTypes: [], tickets: [], comments: [], attachments: [], files: [] };
  if (ctx.plan.flags.companyHasSupportAccess !== true || accounts.length === 0) return data;
  const rng = rngFor(ctx.seed, ctx.plan.key, 'tickets');
  data.requestTypes.push({ id: rng.uuid(), companyId: ctx.companyId, name: 'Store Opening / Closing' });
  const types = [...SHARED_REQUEST_TYPES.slice(0, 5), 'Store Opening / Closing'];
  const requester = ctx.staff.clientIds[0] ?? ctx.staff.consultantId;
  const count = ctx.size === 'small' ? 5 : 12;
  for (let i = 0; i < count; i += 1) {
    const account = rng.pick(accounts);
    const requestType = types[i % types.length] ?? 'Other';
    const text = ticketText(requestType, account);
    const createdOn = addDays(ctx.asOf, -rng.int(2, 160));
    const id = rng.uuid();
    data.tickets.push({
      id,
      companyId: ctx.companyId,
      jiraIssueId: `GET-${firstNumber + i}`,
      requestType,
      summary: text.summary,
      ticketDescription: text.description,
      requestedBy: `${ctx.plan.name} facilities team`,
      createdBy: requester,
      createdByName: nameOf(requester),
      status: STATUSES[i % STATUSES.length] ?? 'Received',
      createdAt: stamp(createdOn, 10),
    });
    const commentCount = rng.int(0, 3);
    for (let n = 0; n < commentCount; n += 1) {
      const fromConsultant = n % 2 === 0;
      const created = addDays(createdOn, n * 2 + 1);
      data.comments.push({
        id: rng.uuid(),
        companyId: ctx.companyId,
        ticketId: id,
        body: fromConsultant
          ? rng.pick([
              'Thanks, we are looking into it with the utility.',
              'Update: the vendor confirmed the correction.',
            ])
          : rng.pick(['Thank you! Any update?', 'Attached the latest bill for reference.']),
        createdBy: fromConsultant ? ctx.staff.consultantId : requester,
        createdByName: nameOf(fromConsultant ? ctx.staff.consultantId : requester),
        createdAt: stamp(created < ctx.asOf ? created : addDays(ctx.asOf, -1), 11 + n),
      });
    }
    if (i === 0) {
      const attachmentId = rng.uuid();
      const storageKey = `ticket-attachments/${ctx.companyId}/${attachmentId}`;
      const bytes = tinyPdf('Bill scan (demo)', [
        `Account ${account.row.accountNumber}`,
        account.location.row.name,
      ]);
      data.attachments.push({
        id: attachmentId,
        companyId: ctx.companyId,
        ticketId: id,
        accountNumber: account.row.accountNumber,
        fileName: 'Bill scan.pdf',
        mimeType: 'application/pdf',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storageKey,
        contentUrl: `demo-attachment-${id}`,
        isTemporary: false,
        createdAt: stamp(createdOn, 10),
      });
      data.files.push({ storageKey, content: bytes, createdAt: stamp(createdOn, 10) });
    }
  }
  return data;
}

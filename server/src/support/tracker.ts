// The issue tracker behind support tickets (docs/architecture.md §14 Support), behind one interface. The embedded
// tracker — the default — keeps tickets in our own database and numbers them like a tracker would (`GET-1042`); a
// connector to an external tracker would answer the same calls. Ticket rows always live in our database too, so the
// change feed serves them to devices whichever tracker numbers them.
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/tx';
import { trackerId } from '../../../src/domain/tickets';
import { jiraConfigFrom, jiraTracker } from './jiraTracker';

/** What the tracker is told of a new ticket. */
export interface TrackerIssue {
  companyName: string;
  requestType: string;
  summary: string;
  description: string;
  requestedBy: string;
}

/** An issue tracker: creates issues (answering their key), and records comments and cancellations. */
export interface TicketTracker {
  readonly name: string;
  /** Creates the issue inside the write's transaction; answers its key (`GET-1042`). */
  createIssue(tx: Tx, issue: TrackerIssue): Promise<string>;
  /** Records a comment on the issue. */
  addComment(key: string, body: string, author: string): Promise<void>;
  /** Moves the issue to cancelled. */
  cancelIssue(key: string): Promise<void>;
}

/** The tracker id prefix of the embedded tracker. */
export const EMBEDDED_PREFIX = 'GET';

/** The embedded tracker: our database is the tracker; numbers come from one sequence, so they never collide. */
export const embeddedTracker: TicketTracker = {
  name: 'embedded',
  async createIssue(tx) {
    const result = await tx.execute<{ n: string | number }>(
      sql`select nextval('support_ticket_number_seq') as n`,
    );
    const [row] = result.rows;
    if (!row) throw new Error('the ticket number sequence answered nothing');
    return trackerId(EMBEDDED_PREFIX, Number(row.n));
  },
  async addComment() {
    // The comment row is the record.
  },
  async cancelIssue() {
    // The ticket's status is the record.
  },
};

/** The tracker the environment configures: Jira Cloud when JIRA_BASE_URL is set (README), else the embedded one. */
export function trackerFromEnv(env: NodeJS.ProcessEnv): TicketTracker {
  const jira = jiraConfigFrom(env);
  return jira ? jiraTracker(jira) : embeddedTracker;
}

import { beforeEach, describe, expect, it } from 'vitest';
import { addTicketComment, cancelTicket, createTicket } from '../../src/db/mutations/tickets';
import type { TicketFile } from '../../src/db/mutations/tickets';
import { acknowledge, reject } from '../../src/db/outboxReplay';
import { ticketDetail, ticketList } from '../../src/db/queries/tickets';
import type { SupportTicketRow } from '../../src/db/rows';
import type { AppDb } from '../../src/db/schema';
import { openLocalDb } from '../helpers/localDb';

const pdf = new Blob(['%PDF-1.4 test'], { type: 'application/pdf' });
const scan: TicketFile = {
  file: { fileName: 'Scan.pdf', kind: 'pdf', mimeType: 'application/pdf', size: pdf.size },
  blob: pdf,
};
const writer = { id: 4, name: null };

function newTicket(files: readonly TicketFile[] = []) {
  return {
    companyId: 2,
    requestTypeId: '7d0c1a5e-0000-4000-8000-000000000001',
    requestTypeName: 'Billing Question',
    ticketDescription: ' The bill doubled \n details ',
    requestedBy: ' Dana ',
    writer,
    files,
  };
}

let db: AppDb;

beforeEach(() => {
  db = openLocalDb();
});

async function queued(files: readonly TicketFile[] = []) {
  const result = await createTicket(db, newTicket(files));
  if (!result.ok) throw new Error(result.problem);
  const ticket = await db.supportTickets.get(result.id);
  if (!ticket) throw new Error('no local ticket');
  return ticket;
}

describe('queued support tickets', () => {
  it('queues the ticket, then one upload per file naming it, in one go; the list shows it at once', async () => {
    const ticket = await queued([scan, scan]);
    expect(ticket).toMatchObject({
      jiraIssueId: '',
      summary: 'The bill doubled',
      ticketDescription: 'The bill doubled \n details',
      requestedBy: 'Dana',
      status: 'Received',
    });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => [entry.method, entry.path.replace(/^\/api\/companies\/2/, '')])).toEqual([
      ['POST', '/company_support/ticket'],
      ['POST', '/company_support/temporary_attachment'],
      ['POST', '/company_support/temporary_attachment'],
    ]);
    expect(entries[0]?.body).toMatchObject({ id: ticket.id, companyId: 2, requestedBy: 'Dana' });
    expect(entries[1]?.body).toMatchObject({
      ticketId: ticket.id,
      file: { $outboxFile: expect.any(String) },
    });
    expect(entries[1]?.encoding).toBe('multipart');
    expect(await db.outboxFiles.count()).toBe(2);
    const [item] = await ticketList(db, 2);
    expect(item).toMatchObject({ attachmentCount: 2, commentCount: 0, queued: 'pending' });
    const detail = await ticketDetail(db, 2, ticket.id);
    expect(detail?.attachments.every((row) => row.queuedFileId !== null)).toBe(true);
  });

  it('queues nothing for a ticket the server would refuse', async () => {
    const result = await createTicket(db, { ...newTicket(), ticketDescription: '  ' });
    expect(result).toEqual({ ok: false, field: 'ticketDescription', problem: 'is required' });
    const tooMany = await createTicket(db, newTicket([scan, scan, scan, scan, scan, scan]));
    expect(tooMany).toMatchObject({ ok: false, field: 'files' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.supportTickets.count()).toBe(0);
  });

  it('takes the server’s number when the answer arrives, and finds the ticket by it', async () => {
    const ticket = await queued();
    const [entry] = await db.outbox.toArray();
    const answer: SupportTicketRow = { ...ticket, jiraIssueId: 'GET-1200', version: 41 };
    await acknowledge(db, entry?.seq ?? 0, answer);
    expect(await db.outbox.count()).toBe(0);
    expect((await ticketDetail(db, 2, 'GET-1200'))?.ticket).toMatchObject({ id: ticket.id, version: 41 });
    expect(await ticketDetail(db, 3, 'GET-1200')).toBeNull();
  });

  it('rolls a refused ticket back, so the page can say it was not created', async () => {
    await queued();
    const [entry] = await db.outbox.toArray();
    await reject(db, entry?.seq ?? 0, 400, 'is not a request type');
    expect(await db.supportTickets.count()).toBe(0);
  });

  it('queues a comment with its files, and cancels only numbered tickets still open', async () => {
    const ticket = await queued();
    const comment = await addTicketComment(db, { ticket, comment: ' Any news? ', writer, files: [scan] });
    expect(comment.ok).toBe(true);
    const detail = await ticketDetail(db, 2, ticket.id);
    expect(detail?.comments.map(({ comment: row }) => row.body)).toEqual(['Any news?']);
    expect(detail?.attachments).toHaveLength(1);
    expect(await addTicketComment(db, { ticket, comment: ' ', writer, files: [] })).toMatchObject({
      ok: false,
    });

    await expect(cancelTicket(db, ticket)).rejects.toThrow('not sent yet');
    const numbered = { ...ticket, jiraIssueId: 'GET-7', version: 3 };
    await db.supportTickets.put(numbered);
    await cancelTicket(db, numbered);
    const last = await db.outbox.orderBy('seq').last();
    expect(last).toMatchObject({ path: '/api/companies/2/company_support/cancel_ticket?jiraIssueId=GET-7' });
    expect((await db.supportTickets.get(ticket.id))?.status).toBe('Cancelled');
    await expect(cancelTicket(db, { ...numbered, status: 'Done' })).rejects.toThrow('cannot be cancelled');
  });
});

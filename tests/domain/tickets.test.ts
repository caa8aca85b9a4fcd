import { describe, expect, it } from 'vitest';
import {
  MAX_REQUESTED_BY,
  MAX_TICKET_TEXT,
  TICKET_STATUSES,
  TICKET_TEXTS,
  canCancelTicket,
  canCommentOnTicket,
  commentProblem,
  isInScope,
  isTrackerId,
  newTicketProblems,
  ticketSummary,
  trackerId,
} from '../../src/domain/tickets';

describe('support tickets', () => {
  it('keeps the spec’s texts exactly', () => {
    expect(TICKET_TEXTS).toEqual({
      createdTitle: 'Ticket Created',
      createdMessage: 'Your support ticket has been successfully created!',
      createError: 'An error occurred while creating the support ticket. Please try again.',
    });
  });

  it.each([
    ['Short one', 'Short one'],
    ['  First line\nsecond line', 'First line'],
    [
      'The bill for the Dallas store doubled in March and nobody can explain why the meter read jumped so high',
      'The bill for the Dallas store doubled in March and nobody can explain why the…',
    ],
    ['x'.repeat(100), `${'x'.repeat(80)}…`],
  ])('summarises %j as %j', (description, summary) => {
    expect(ticketSummary(description)).toBe(summary);
  });

  it('checks a new ticket’s fields', () => {
    expect(newTicketProblems({ requestTypeId: 'a', ticketDescription: 'Help', requestedBy: 'Me' })).toEqual(
      {},
    );
    expect(newTicketProblems({ requestTypeId: ' ', ticketDescription: ' ', requestedBy: '' })).toEqual({
      requestTypeId: 'is required',
      ticketDescription: 'is required',
      requestedBy: 'is required',
    });
    expect(
      newTicketProblems({
        requestTypeId: 'a',
        ticketDescription: 'x'.repeat(MAX_TICKET_TEXT + 1),
        requestedBy: 'y'.repeat(MAX_REQUESTED_BY + 1),
      }),
    ).toEqual({
      ticketDescription: 'must be at most 10,000 characters',
      requestedBy: 'must be at most 200 characters',
    });
  });

  it('checks a comment', () => {
    expect(commentProblem('Thanks')).toBeNull();
    expect(commentProblem('  ')).toBe('is required');
    expect(commentProblem('x'.repeat(MAX_TICKET_TEXT + 1))).toBe('must be at most 10,000 characters');
  });

  it.each(TICKET_STATUSES.map((status) => [status]))('knows what a %s ticket still takes', (status) => {
    expect(canCancelTicket(status)).toBe(status !== 'Done' && status !== 'Cancelled');
    expect(canCommentOnTicket(status)).toBe(status !== 'Cancelled');
  });

  it('filters mine and all', () => {
    expect(isInScope({ createdBy: 7 }, 'mine', 7)).toBe(true);
    expect(isInScope({ createdBy: 8 }, 'mine', 7)).toBe(false);
    expect(isInScope({ createdBy: null }, 'mine', 7)).toBe(false);
    expect(isInScope({ createdBy: null }, 'all', 7)).toBe(true);
  });

  it('makes and recognises tracker ids', () => {
    expect(trackerId('GET', 1042)).toBe('GET-1042');
    expect(isTrackerId('GET-1042')).toBe(true);
    expect(isTrackerId('get-1042')).toBe(false);
    expect(isTrackerId('GET-')).toBe(false);
    expect(isTrackerId('7d0c1a5e-0000-4000-8000-000000000000')).toBe(false);
  });
});

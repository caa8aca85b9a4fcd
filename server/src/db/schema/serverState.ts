// What the server processes share while they run (docs/architecture.md §5 "Several processes"): the counts of the
// sign-in rate limits and the ids of the SAML requests awaiting their answer. Kept in the database so a limit holds,
// and an answer is accepted once, whichever process the load balancer picks.
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** One rate-limit counter: a limit's key (its name and the address or account) and its current window. */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  windowStart: timestamptz('window_start').notNull(),
  hits: integer('hits').notNull(),
});

/** A SAML AuthnRequest id this server sent, kept until its answer arrives or it expires (server/src/auth/saml.ts). */
export const samlRequests = pgTable('saml_requests', {
  id: text('id').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull(),
});

// The sync engine's own rows: the outbox of queued writes, per-company sync bookkeeping, the client identity.
import type { LocalChange, OutboxStatus } from '../domain/sync';
import type { AnyRow, SyncedEntity } from './rows';

/** A queued write (DESIGN.md §4). The access token is attached when sending, never stored here. */
export interface OutboxEntry {
  seq: number;
  /** Increases with no gaps per client; with the client id it forms the Idempotency-Key. */
  mutationId: number;
  companyId: number;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: unknown;
  entity: SyncedEntity;
  entityId: string | number;
  change: LocalChange;
  /** Sent as If-Match; null for writes that create rows. */
  baseVersion: number | null;
  /**
   * The row before this entry's effect; for the first active entry of a row this is the row's last known
   * server state, which pulls keep current while the entry waits and rollbacks restore.
   */
  inverse: AnyRow | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  /** Set with status 'conflict': the server's current row (null when it is gone). */
  conflict?: { theirs: AnyRow | null };
  /** Set with status 'rejected': why, for the user. */
  rejection?: { status: number; reason: string };
  createdAt: string;
}

/** What `enqueue` stores before Dexie assigns the sequence number. */
export type OutboxDraft = Omit<OutboxEntry, 'seq'> & { seq?: number };

/** Where a company's sync stands. */
export type CompanySyncStatus = 'idle' | 'syncing' | 'error' | 'paused';

/** One company's sync bookkeeping. */
export interface SyncStateRow {
  companyId: number;
  /** The change-feed cursor of the last applied page; null before the first page. */
  cursor: string | null;
  lastSyncAt: string | null;
  /** Local rows per entity after the last pull. */
  rowCounts: Record<string, number>;
  /** Bytes received since the last full pull: an approximate size of the offline copy. */
  bytes: number;
  status: CompanySyncStatus;
  error: string | null;
  /** Kept available offline (synced in the background), chosen by a consultant. */
  isOffline: boolean;
}

/** The client identity: one UUID per browser profile and user, and the next mutation id. */
export interface ClientMetaRow {
  key: 'client';
  clientId: string;
  nextMutationId: number;
}

/** Rows of the meta table. */
export type MetaRow = ClientMetaRow;

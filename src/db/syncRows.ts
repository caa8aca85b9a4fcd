// The sync engine's own rows: the outbox of queued writes, per-company sync bookkeeping, the client identity.
import type { LocalChange, OutboxStatus } from '../domain/sync';
import type { AnyRow, SyncedEntity } from './rows';

/** One row's part of a queued write: what it does to the row locally, and the row before it. */
export interface RowEffect {
  entity: SyncedEntity;
  entityId: string | number;
  change: LocalChange;
  /**
   * The row before this entry's effect; for the first active entry of a row this is the row's last known
   * server state, which pulls keep current while the entry waits and rollbacks restore.
   */
  inverse: AnyRow | null;
}

/**
 * Where the answer of a multi-row write (and the `current` of its 409) carries rows: member name → entity. A member
 * that is one row is that row's server state; a member that is a list holds every row of its entity the write
 * touched, as the server has it now, so a touched row missing from the list is gone.
 */
export type AnswerRows = Readonly<Record<string, SyncedEntity>>;

/** A row an answer carried, with its entity. */
export interface CarriedRow {
  entity: SyncedEntity;
  row: AnyRow;
}

/** A file a queued write sends (docs/architecture.md §15): what the entry says of it; the bytes are in outboxFiles. */
export interface OutboxFileRef {
  id: string;
  name: string;
  /** Content type, as the file was picked. */
  type: string;
  size: number;
}

/** The bytes of a queued write's file, stored in the entry's transaction and deleted with the entry. */
export interface OutboxFileRow extends OutboxFileRef {
  entrySeq: number;
  companyId: number;
  blob: Blob;
  createdAt: string;
}

/**
 * How an entry's body travels: JSON (the default), where each `{ "$outboxFile": id }` in the body becomes that file in
 * base64, or a multipart form of the body's members, where such a member becomes a file part.
 */
export type OutboxEncoding = 'json' | 'multipart';

/**
 * A queued write (docs/architecture.md §4): one REST call and its local effect on one or more rows, applied and rolled back
 * together. The access token is attached when sending, never stored here.
 */
export interface OutboxEntry {
  seq: number;
  /** Increases with no gaps per client; with the client id it forms the Idempotency-Key. */
  mutationId: number;
  companyId: number;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: unknown;
  /**
   * The rows the write changes, each at most once, applied in this order. The first is the write's own row (for a
   * set, the aggregate that owns it): If-Match carries its version, and a 409 answers its current state.
   */
  effects: RowEffect[];
  /** `entity/id` of every effect, for the multiEntry index that finds the entries of a row. */
  rowKeys: string[];
  /** Multi-row writes: where their answers carry the rows (single-row answers are the row itself, or not a row). */
  answerRows?: AnswerRows;
  /** What the write does, in a person's words, for the Sync panel (multi-row writes, uploads). */
  label?: string;
  /** Files the write sends; their bytes wait in outboxFiles until the entry is acknowledged or refused. */
  files?: OutboxFileRef[];
  /** How the body is sent; absent means JSON. */
  encoding?: OutboxEncoding;
  /** Sent as If-Match; null for writes that create rows. */
  baseVersion: number | null;
  /**
   * A batch of independent rows (alerts resolved together): If-Match lists the version each row of the write's own
   * entity had when the write was made on it, in effect order, so the server checks every row on its own.
   */
  ifMatchEach?: boolean;
  status: OutboxStatus;
  /** Sends so far, answered or not; restarts when the user sends the write again (keep mine, retry). */
  attempts: number;
  /**
   * 5xx answers since the write was queued or sent again by the user; network errors, timeouts and 408/425/429 leave
   * it as it is. At SERVER_FAILURES_BEFORE_SET_ASIDE the entry is set aside. Absent on older entries: none.
   */
  serverFailures?: number;
  lastError: string | null;
  /**
   * Set with status 'conflict': the server's current state of the write's own row (null when it is gone), and the
   * other rows the 409 carried (the server's version of a set).
   */
  conflict?: { theirs: AnyRow | null; rows?: CarriedRow[] };
  /** Set with status 'rejected': why, for the user. */
  rejection?: { status: number; reason: string };
  /** Set with status 'setAside': the server's last answer (its status and message), for the user. */
  setAside?: { status: number; reason: string };
  createdAt: string;
}

/** What `enqueue` stores before Dexie assigns the sequence number. */
export type OutboxDraft = Omit<OutboxEntry, 'seq'> & { seq?: number };

/** Where a company's sync stands. */
export type CompanySyncStatus = 'idle' | 'syncing' | 'error' | 'paused';

/** What went wrong with a company's sync, for the UI's wording (and whether the company can be reached at all). */
export type SyncErrorCode = 'network' | 'server' | 'unreachable' | 'quota' | 'auth' | 'protocol';

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
  /**
   * The kind of the last failure, kept until a sync succeeds: 'unreachable' means the server does not know the
   * company or does not let this user in (404), which the page shows as not found. Absent on older rows.
   */
  errorCode?: SyncErrorCode | null;
  /** Kept available offline (synced in the background), chosen by a consultant. */
  isOffline: boolean;
  /**
   * While a full pull runs, the bills still to come (the feed's `pendingBills`): 'all', or a month (`YYYY-MM`) whose
   * bills and earlier ones are still coming; null or absent once every bill is here.
   */
  pendingBills?: string | null;
}

/** The client identity: one UUID per browser profile and user, and the next mutation id. */
export interface ClientMetaRow {
  key: 'client';
  clientId: string;
  nextMutationId: number;
}

/** Rows of the meta table. */
export type MetaRow = ClientMetaRow;

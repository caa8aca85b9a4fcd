// The synced writes (docs/architecture.md §4 "Push", §11): each defined once, by name, with its method, the spec's
// path under /api and the schema of its body (src/domain/writeBodies.ts), for the device that queues it (src/db/outbox.ts builds its URL; no REST path is written there as a
// string) and the server that registers it (server/src/sync/writeRoute.ts). A path names its parameters `:like/this`;
// company-scoped writes are queued on their consultant twin `/companies/:companyId/…`, which every user may call
// (the access hook checks the company), so a replay after a lost answer reaches its stored answer even when the
// row is gone.
import type { Static, TSchema } from 'typebox';
import { normalizeNickname } from './accounts';
import type { SyncedEntityName } from './syncProtocol';
import {
  AccountNicknameBody,
  AddAlertNoteBody,
  AddBudgetBody,
  AddContractBody,
  AddEsNoteBody,
  AddLocationBody,
  AddMeterBody,
  AddTicketBody,
  AddTicketCommentBody,
  AlertStatusBody,
  AssociateTagsBody,
  CreateImportBody,
  BatchResolveBody,
  BatchResolveQuery,
  CancelTicketQuery,
  DeleteContractQuery,
  EditAlertNoteBody,
  EditCustomAttributesBody,
  EnergyStarToggleQuery,
  EsScoreBody,
  ExtendContractBody,
  LinkContractLocationsBody,
  OpenCloseNoteBody,
  OpenCloseRequestBody,
  OpenCloseStatusBody,
  SaveGridSettingsBody,
  SaveReportFilterBody,
  UnlinkContractLocationsBody,
  UpdateBudgetBody,
  UpdateContractBody,
  UpdateEsNoteBody,
  UpdateEsiIdBody,
  UpdateOpenCloseBody,
  UpdateReportFilterBody,
} from './writeBodies';

/** The HTTP method of a synced write. */
export type WriteMethod = 'POST' | 'PUT' | 'DELETE';

/** The route of one synced write, and the body it carries. */
export interface WriteRoute {
  readonly method: WriteMethod;
  /** The spec's path under `/api`, with `:name` parameters. */
  readonly path: string;
  /** The schema of its JSON body (src/domain/writeBodies.ts): the device's call is typed by it, the server checks it. */
  readonly body?: TSchema;
  /** The schema of its query, likewise; the device sends each value as text. */
  readonly query?: TSchema;
}

/** A write's definition: its method, its path and, when it sends them, its JSON body's schema and its query's. */
function write<Method extends WriteMethod, Path extends string>(
  method: Method,
  path: Path,
): { readonly method: Method; readonly path: Path };
function write<Method extends WriteMethod, Path extends string, Body extends TSchema>(
  method: Method,
  path: Path,
  body: Body,
): { readonly method: Method; readonly path: Path; readonly body: Body };
function write<Method extends WriteMethod, Path extends string, Query extends TSchema>(
  method: Method,
  path: Path,
  body: null,
  query: Query,
): { readonly method: Method; readonly path: Path; readonly query: Query };
function write<Method extends WriteMethod, Path extends string, Body extends TSchema, Query extends TSchema>(
  method: Method,
  path: Path,
  body: Body,
  query: Query,
): { readonly method: Method; readonly path: Path; readonly body: Body; readonly query: Query };
function write(method: WriteMethod, path: string, body: TSchema | null = null, query?: TSchema): WriteRoute {
  return { method, path, ...(body ? { body } : {}), ...(query ? { query } : {}) };
}

/** Every synced write the device queues, by name; the server registers each (tests/server/syncedWrites.test.ts). */
export const SYNCED_WRITES = {
  accountNickname: write('PUT', '/accounts/nickname/:id', AccountNicknameBody),
  addMeter: write('POST', '/accounts/addMeterRecord', AddMeterBody),
  updateEsiIdSubAddress: write('PUT', '/updateEsiIdSubAddress', UpdateEsiIdBody),

  addLocation: write('POST', '/companies/:companyId/locations', AddLocationBody),
  energyStarToggle: write('PUT', '/locations/:id/energyStarToggle', null, EnergyStarToggleQuery),
  associateTags: write('POST', '/companies/:companyId/site/:siteId/associateTags', AssociateTagsBody),
  editCustomAttributes: write('PUT', '/:companyId/editCustomAttributes', EditCustomAttributesBody),
  saveGridSettings: write('POST', '/companies/:companyId/user/saveGridSettings', SaveGridSettingsBody),

  setAlertStatus: write('PUT', '/alerts/:id', AlertStatusBody),
  addAlertNote: write('POST', '/alerts/:id/notes', AddAlertNoteBody),
  editAlertNote: write('PUT', '/alerts/notes/:id', EditAlertNoteBody),
  deleteAlertNote: write('POST', '/alerts/notes/:id'),
  batchResolveAlerts: write(
    'PUT',
    '/companies/:companyId/alerts/batchResolve',
    BatchResolveBody,
    BatchResolveQuery,
  ),

  addBudget: write('POST', '/companies/:companyId/budgets', AddBudgetBody),
  updateBudget: write('PUT', '/budgets/:id', UpdateBudgetBody),
  deleteBudget: write('DELETE', '/budgets/:id'),

  addContract: write('POST', '/companies/:companyId/contracts/add', AddContractBody),
  updateContract: write('PUT', '/companies/:companyId/contracts/:id/update', UpdateContractBody),
  extendContract: write('POST', '/companies/:companyId/contracts/:id/extend', ExtendContractBody),
  deleteContract: write('DELETE', '/companies/:companyId/contracts/delete', null, DeleteContractQuery),
  linkContractLocations: write(
    'POST',
    '/companies/:companyId/contracts/linked_locations/link',
    LinkContractLocationsBody,
  ),
  unlinkContractLocations: write(
    'POST',
    '/companies/:companyId/contracts/linked_locations/unlink',
    UnlinkContractLocationsBody,
  ),

  addCompanyDocument: write('POST', '/companies/:companyId/contracts/company_documents/add'),
  updateCompanyDocument: write('PUT', '/companies/:companyId/contracts/company_documents/:id/update'),
  deleteCompanyDocument: write('DELETE', '/companies/:companyId/contracts/company_documents/:id/delete'),
  addContractDocument: write('POST', '/companies/:companyId/contracts/associated_documents/add'),
  updateContractDocument: write('PUT', '/companies/:companyId/contracts/associated_documents/:id/update'),
  deleteContractDocument: write('DELETE', '/companies/:companyId/contracts/associated_documents/:id/delete'),

  updateEsScore: write('PUT', '/locations/:id/updateEsScore', EsScoreBody),
  addEsNote: write('POST', '/companies/:companyId/energystar/addnote', AddEsNoteBody),
  updateEsNote: write('PUT', '/companies/:companyId/energystar/updateNote', UpdateEsNoteBody),
  deleteEsNote: write('DELETE', '/companies/:companyId/energystar/:id/deleteNote'),

  openAccounts: write('POST', '/OpenAccounts', OpenCloseRequestBody),
  closeAccounts: write('POST', '/CloseAccounts', OpenCloseRequestBody),
  changeOpenCloseStatus: write('PUT', '/changeOpenCloseStatus', OpenCloseStatusBody),
  updateOpenCloseAccount: write('PUT', '/updateOpenCloseAccount', UpdateOpenCloseBody),
  addOpenCloseNote: write('POST', '/AddAccountNotes', OpenCloseNoteBody),

  saveReportFilter: write('POST', '/companies/:companyId/reporting/saveReportFilter', SaveReportFilterBody),
  updateReportFilter: write('PUT', '/companies/:companyId/reporting/:id', UpdateReportFilterBody),
  deleteReportFilter: write('DELETE', '/companies/:companyId/reporting/:id'),

  createImport: write('POST', '/companies/:companyId/imports', CreateImportBody),
  undoImport: write('DELETE', '/companies/:companyId/imports/:id'),

  addTicketAttachment: write('POST', '/companies/:companyId/company_support/temporary_attachment'),
  addTicket: write('POST', '/companies/:companyId/company_support/ticket', AddTicketBody),
  addTicketComment: write('POST', '/companies/:companyId/company_support/comment', AddTicketCommentBody),
  cancelTicket: write('POST', '/companies/:companyId/company_support/cancel_ticket', null, CancelTicketQuery),
} satisfies Record<string, WriteRoute>;

/** The name of a synced write. */
export type SyncedWriteName = keyof typeof SYNCED_WRITES;

/** The `:name` parameters of a path. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters a write's path needs, by name. */
export type WriteParams<Name extends SyncedWriteName> = Record<
  ParamNames<(typeof SYNCED_WRITES)[Name]['path']>,
  string | number
>;

/** The body a write carries: its schema's type, or whatever it sends when its definition names none. */
export type WriteBody<Name extends SyncedWriteName> = (typeof SYNCED_WRITES)[Name] extends {
  body: infer Body extends TSchema;
}
  ? Static<Body>
  : unknown;

/** A query's values as the URL carries them: text (`true`, `12`). */
type AsText<Query> = { [Key in keyof Query]: Query[Key] extends boolean ? 'true' | 'false' : string };

/** The query a write sends, as text: its schema's fields, or none when its definition names no query. */
export type WriteQuery<Name extends SyncedWriteName> = (typeof SYNCED_WRITES)[Name] extends {
  query: infer Query extends TSchema;
}
  ? AsText<Static<Query>>
  : never;

/**
 * The URL of a write: its path with the parameters filled in (each URL-encoded) and the query, if any, after it.
 * Throws on a parameter the path does not name or lacks, which the types already rule out.
 */
export function writeUrl<Name extends SyncedWriteName>(
  name: Name,
  params: WriteParams<Name>,
  query: Readonly<Record<string, string>> = {},
): string {
  const given: Record<string, string | number> = params;
  const path = SYNCED_WRITES[name].path.replace(/:([A-Za-z]+)/g, (_, param: string) => {
    const value = given[param];
    if (value === undefined) throw new Error(`${name} needs :${param}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams(query).toString();
  return `/api${path}${search === '' ? '' : `?${search}`}`;
}

/** A query's values as its schema types them (the server's coerced query), or none when the write sends no query. */
export type WriteQueryValues<Name extends SyncedWriteName> = (typeof SYNCED_WRITES)[Name] extends {
  query: infer Query extends TSchema;
}
  ? Static<Query>
  : undefined;

/** What a row patch computes its fields from: the write's body and query, and the time of the write (ISO 8601). */
export interface PatchInput<Name extends SyncedWriteName> {
  body: WriteBody<Name>;
  query: WriteQueryValues<Name>;
  now: string;
}

/**
 * A write's effect on the one row it changes, when it sets fields of that row (Replicache's mutators are the model,
 * docs/architecture.md §4 "Push"): the row's entity and the fields it sets. The device applies them to its copy as it
 * queues the write (src/db/outbox.ts `enqueuePatch`); the server sets them, with the write's version, in its
 * transaction (server/src/sync/patchRow.ts). What one side alone does (checks, audits) stays in its handler.
 */
export interface RowPatch<Name extends SyncedWriteName> {
  readonly entity: SyncedEntityName;
  /** The row's name in a message ("Account 42 is not in the local database"). */
  readonly noun: string;
  readonly fields: (input: PatchInput<Name>) => Readonly<Record<string, unknown>>;
}

/** The writes that set fields of one row, with their fields; the fields are columns of the entity's table (tests/server/rowPatches.test.ts). */
export const ROW_PATCHES = {
  accountNickname: {
    entity: 'accounts',
    noun: 'Account',
    fields: ({ body }) => ({ nickname: normalizeNickname(body.nickname) }),
  },
  energyStarToggle: {
    entity: 'locations',
    noun: 'Location',
    fields: ({ query }) => ({ isEnergyStarActive: query.isEnergyStarActive }),
  },
  editAlertNote: {
    entity: 'alertNotes',
    noun: 'Note',
    fields: ({ body, now }) => ({ note: body.note.trim(), modifiedAt: now }),
  },
  // Closing a note (spec 001 §7 `POST /alerts/notes/{noteId}`) keeps it, closed.
  deleteAlertNote: {
    entity: 'alertNotes',
    noun: 'Note',
    fields: ({ now }) => ({ closed: true, modifiedAt: now }),
  },
  updateEsNote: {
    entity: 'energyStarNotes',
    noun: 'Note',
    fields: ({ body, now }) => ({ note: body.note.trim(), modifiedAt: now }),
  },
} satisfies { readonly [Name in SyncedWriteName]?: RowPatch<Name> };

/** The name of a write that sets fields of one row. */
export type PatchWriteName = keyof typeof ROW_PATCHES;

/** The fields a patch write sets, from what it sends. */
export function patchFields<Name extends PatchWriteName>(
  name: Name,
  input: PatchInput<Name>,
): Readonly<Record<string, unknown>> {
  // Indexed through a mapped type, so TypeScript pairs the patch with its own write's input.
  const patches: { readonly [Key in PatchWriteName]: RowPatch<Key> } = ROW_PATCHES;
  return patches[name].fields(input);
}

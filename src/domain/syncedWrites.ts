// The synced writes (docs/architecture.md §4 "Push", §11): each defined once, by name, with its method, the spec's
// path under /api and the schema of its body (src/domain/writeBodies.ts), for the device that queues it (src/db/outbox.ts builds its URL; no REST path is written there as a
// string) and the server that registers it (server/src/sync/writeRoute.ts). A path names its parameters `:like/this`;
// company-scoped writes are queued on their consultant twin `/companies/:companyId/…`, which every user may call
// (the access hook checks the company), so a replay after a lost answer reaches its stored answer even when the
// row is gone.
import type { Static, TSchema } from 'typebox';
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
  BatchResolveBody,
  EditAlertNoteBody,
  EditCustomAttributesBody,
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
}

/** Every synced write the device queues, by name; the server registers each (tests/server/syncedWrites.test.ts). */
export const SYNCED_WRITES = {
  accountNickname: { method: 'PUT', path: '/accounts/nickname/:id', body: AccountNicknameBody },
  addMeter: { method: 'POST', path: '/accounts/addMeterRecord', body: AddMeterBody },
  updateEsiIdSubAddress: { method: 'PUT', path: '/updateEsiIdSubAddress', body: UpdateEsiIdBody },

  addLocation: { method: 'POST', path: '/companies/:companyId/locations', body: AddLocationBody },
  energyStarToggle: { method: 'PUT', path: '/locations/:id/energyStarToggle' },
  associateTags: {
    method: 'POST',
    path: '/companies/:companyId/site/:siteId/associateTags',
    body: AssociateTagsBody,
  },
  editCustomAttributes: {
    method: 'PUT',
    path: '/:companyId/editCustomAttributes',
    body: EditCustomAttributesBody,
  },
  saveGridSettings: {
    method: 'POST',
    path: '/companies/:companyId/user/saveGridSettings',
    body: SaveGridSettingsBody,
  },

  setAlertStatus: { method: 'PUT', path: '/alerts/:id', body: AlertStatusBody },
  addAlertNote: { method: 'POST', path: '/alerts/:id/notes', body: AddAlertNoteBody },
  editAlertNote: { method: 'PUT', path: '/alerts/notes/:id', body: EditAlertNoteBody },
  deleteAlertNote: { method: 'POST', path: '/alerts/notes/:id' },
  batchResolveAlerts: {
    method: 'PUT',
    path: '/companies/:companyId/alerts/batchResolve',
    body: BatchResolveBody,
  },

  addBudget: { method: 'POST', path: '/companies/:companyId/budgets', body: AddBudgetBody },
  updateBudget: { method: 'PUT', path: '/budgets/:id', body: UpdateBudgetBody },
  deleteBudget: { method: 'DELETE', path: '/budgets/:id' },

  addContract: { method: 'POST', path: '/companies/:companyId/contracts/add', body: AddContractBody },
  updateContract: {
    method: 'PUT',
    path: '/companies/:companyId/contracts/:id/update',
    body: UpdateContractBody,
  },
  extendContract: {
    method: 'POST',
    path: '/companies/:companyId/contracts/:id/extend',
    body: ExtendContractBody,
  },
  deleteContract: { method: 'DELETE', path: '/companies/:companyId/contracts/delete' },
  linkContractLocations: {
    method: 'POST',
    path: '/companies/:companyId/contracts/linked_locations/link',
    body: LinkContractLocationsBody,
  },
  unlinkContractLocations: {
    method: 'POST',
    path: '/companies/:companyId/contracts/linked_locations/unlink',
    body: UnlinkContractLocationsBody,
  },

  addCompanyDocument: { method: 'POST', path: '/companies/:companyId/contracts/company_documents/add' },
  updateCompanyDocument: {
    method: 'PUT',
    path: '/companies/:companyId/contracts/company_documents/:id/update',
  },
  deleteCompanyDocument: {
    method: 'DELETE',
    path: '/companies/:companyId/contracts/company_documents/:id/delete',
  },
  addContractDocument: { method: 'POST', path: '/companies/:companyId/contracts/associated_documents/add' },
  updateContractDocument: {
    method: 'PUT',
    path: '/companies/:companyId/contracts/associated_documents/:id/update',
  },
  deleteContractDocument: {
    method: 'DELETE',
    path: '/companies/:companyId/contracts/associated_documents/:id/delete',
  },

  updateEsScore: { method: 'PUT', path: '/locations/:id/updateEsScore', body: EsScoreBody },
  addEsNote: { method: 'POST', path: '/companies/:companyId/energystar/addnote', body: AddEsNoteBody },
  updateEsNote: {
    method: 'PUT',
    path: '/companies/:companyId/energystar/updateNote',
    body: UpdateEsNoteBody,
  },
  deleteEsNote: { method: 'DELETE', path: '/companies/:companyId/energystar/:id/deleteNote' },

  openAccounts: { method: 'POST', path: '/OpenAccounts', body: OpenCloseRequestBody },
  closeAccounts: { method: 'POST', path: '/CloseAccounts', body: OpenCloseRequestBody },
  changeOpenCloseStatus: { method: 'PUT', path: '/changeOpenCloseStatus', body: OpenCloseStatusBody },
  updateOpenCloseAccount: { method: 'PUT', path: '/updateOpenCloseAccount', body: UpdateOpenCloseBody },
  addOpenCloseNote: { method: 'POST', path: '/AddAccountNotes', body: OpenCloseNoteBody },

  saveReportFilter: {
    method: 'POST',
    path: '/companies/:companyId/reporting/saveReportFilter',
    body: SaveReportFilterBody,
  },
  updateReportFilter: {
    method: 'PUT',
    path: '/companies/:companyId/reporting/:id',
    body: UpdateReportFilterBody,
  },
  deleteReportFilter: { method: 'DELETE', path: '/companies/:companyId/reporting/:id' },

  addTicketAttachment: { method: 'POST', path: '/companies/:companyId/company_support/temporary_attachment' },
  addTicket: { method: 'POST', path: '/companies/:companyId/company_support/ticket', body: AddTicketBody },
  addTicketComment: {
    method: 'POST',
    path: '/companies/:companyId/company_support/comment',
    body: AddTicketCommentBody,
  },
  cancelTicket: { method: 'POST', path: '/companies/:companyId/company_support/cancel_ticket' },
} as const satisfies Record<string, WriteRoute>;

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
